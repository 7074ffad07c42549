// Original file: protos/core.proto


export interface FaceChallengeRequest {
  'userId'?: (string);
  'image'?: (Buffer | Uint8Array | string);
}

export interface FaceChallengeRequest__Output {
  'userId'?: (string);
  'image'?: (Buffer);
}
