// Original file: protos/inference.proto


export interface FramesRequest {
  'frames'?: (Buffer | Uint8Array | string)[];
}

export interface FramesRequest__Output {
  'frames'?: (Buffer)[];
}
