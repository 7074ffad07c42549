// Original file: protos/core.proto


export interface FaceChallengeIdRequest {
  'id'?: (string);
}

export interface FaceChallengeIdRequest__Output {
  'id'?: (string);
}
