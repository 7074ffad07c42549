// Original file: protos/core.proto


export interface BlacklistImageRequest {
  'image'?: (Buffer | Uint8Array | string);
  'reason'?: (string);
}

export interface BlacklistImageRequest__Output {
  'image'?: (Buffer);
  'reason'?: (string);
}
