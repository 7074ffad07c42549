// Original file: protos/inference.proto


export interface ImageRequest {
  'image'?: (Buffer | Uint8Array | string);
}

export interface ImageRequest__Output {
  'image'?: (Buffer);
}
