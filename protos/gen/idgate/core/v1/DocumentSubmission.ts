// Original file: protos/core.proto


export interface DocumentSubmission {
  'image'?: (Buffer | Uint8Array | string);
}

export interface DocumentSubmission__Output {
  'image'?: (Buffer);
}
