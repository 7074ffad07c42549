// Original file: protos/inference.proto

import type { LivenessResponse as _idgate_inference_v1_LivenessResponse, LivenessResponse__Output as _idgate_inference_v1_LivenessResponse__Output } from '../../../idgate/inference/v1/LivenessResponse.ts';
import type { AgeResponse as _idgate_inference_v1_AgeResponse, AgeResponse__Output as _idgate_inference_v1_AgeResponse__Output } from '../../../idgate/inference/v1/AgeResponse.ts';
import type { EmbedFaceResponse as _idgate_inference_v1_EmbedFaceResponse, EmbedFaceResponse__Output as _idgate_inference_v1_EmbedFaceResponse__Output } from '../../../idgate/inference/v1/EmbedFaceResponse.ts';

export interface CheckFaceResponse {
  'liveness'?: (_idgate_inference_v1_LivenessResponse | null);
  'age'?: (_idgate_inference_v1_AgeResponse | null);
  'embedding'?: (_idgate_inference_v1_EmbedFaceResponse | null);
  'bestFrame'?: (number);
  'timingsMs'?: ({[key: string]: number | string});
}

export interface CheckFaceResponse__Output {
  'liveness'?: (_idgate_inference_v1_LivenessResponse__Output);
  'age'?: (_idgate_inference_v1_AgeResponse__Output);
  'embedding'?: (_idgate_inference_v1_EmbedFaceResponse__Output);
  'bestFrame'?: (number);
  'timingsMs'?: ({[key: string]: number});
}
