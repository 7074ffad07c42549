// Original file: protos/core.proto


export interface DocumentSubmission {
  'image'?: (Buffer | Uint8Array | string);
  'backImage'?: (Buffer | Uint8Array | string);
  '_backImage'?: "backImage";
}

export interface DocumentSubmission__Output {
  'image'?: (Buffer);
  'backImage'?: (Buffer);
  '_backImage'?: "backImage";
}
