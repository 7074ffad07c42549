// Original file: protos/core.proto


export interface FramesSubmission {
  'frames'?: (Buffer | Uint8Array | string)[];
}

export interface FramesSubmission__Output {
  'frames'?: (Buffer)[];
}
