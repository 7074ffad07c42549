// Original file: protos/inference.proto

import type { FrameLiveness as _idgate_inference_v1_FrameLiveness, FrameLiveness__Output as _idgate_inference_v1_FrameLiveness__Output } from '../../../idgate/inference/v1/FrameLiveness.ts';

export interface LivenessResponse {
  'live'?: (boolean);
  'score'?: (number | string);
  'threshold'?: (number | string);
  'frames'?: (_idgate_inference_v1_FrameLiveness)[];
  'timingsMs'?: ({[key: string]: number | string});
}

export interface LivenessResponse__Output {
  'live'?: (boolean);
  'score'?: (number);
  'threshold'?: (number);
  'frames'?: (_idgate_inference_v1_FrameLiveness__Output)[];
  'timingsMs'?: ({[key: string]: number});
}
