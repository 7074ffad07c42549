// Original file: protos/inference.proto

import type { Embedding as _idgate_inference_v1_Embedding, Embedding__Output as _idgate_inference_v1_Embedding__Output } from '../../../idgate/inference/v1/Embedding.ts';
import type { Quality as _idgate_inference_v1_Quality, Quality__Output as _idgate_inference_v1_Quality__Output } from '../../../idgate/inference/v1/Quality.ts';

export interface EmbedFaceResponse {
  'embedding'?: (_idgate_inference_v1_Embedding | null);
  'quality'?: (_idgate_inference_v1_Quality | null);
  'timingsMs'?: ({[key: string]: number | string});
}

export interface EmbedFaceResponse__Output {
  'embedding'?: (_idgate_inference_v1_Embedding__Output);
  'quality'?: (_idgate_inference_v1_Quality__Output);
  'timingsMs'?: ({[key: string]: number});
}
