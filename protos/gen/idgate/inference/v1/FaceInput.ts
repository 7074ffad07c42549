// Original file: protos/inference.proto

import type { Embedding as _idgate_inference_v1_Embedding, Embedding__Output as _idgate_inference_v1_Embedding__Output } from '../../../idgate/inference/v1/Embedding.ts';

export interface FaceInput {
  'image'?: (Buffer | Uint8Array | string);
  'embedding'?: (_idgate_inference_v1_Embedding | null);
  'source'?: "image"|"embedding";
}

export interface FaceInput__Output {
  'image'?: (Buffer);
  'embedding'?: (_idgate_inference_v1_Embedding__Output);
  'source'?: "image"|"embedding";
}
