// Original file: protos/core.proto


export interface MuxError {
  'code'?: (string);
  'message'?: (string);
  'detailsJson'?: (Buffer | Uint8Array | string);
  '_detailsJson'?: "detailsJson";
}

export interface MuxError__Output {
  'code'?: (string);
  'message'?: (string);
  'detailsJson'?: (Buffer);
  '_detailsJson'?: "detailsJson";
}
