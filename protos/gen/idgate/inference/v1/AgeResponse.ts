// Original file: protos/inference.proto

import type { ThresholdVerdict as _idgate_inference_v1_ThresholdVerdict, ThresholdVerdict__Output as _idgate_inference_v1_ThresholdVerdict__Output } from '../../../idgate/inference/v1/ThresholdVerdict.ts';

export interface AgeResponse {
  'estimatedAge'?: (number | string);
  'low'?: (number | string);
  'high'?: (number | string);
  'verdicts'?: (_idgate_inference_v1_ThresholdVerdict)[];
  'model'?: (string);
  'timingsMs'?: ({[key: string]: number | string});
}

export interface AgeResponse__Output {
  'estimatedAge'?: (number);
  'low'?: (number);
  'high'?: (number);
  'verdicts'?: (_idgate_inference_v1_ThresholdVerdict__Output)[];
  'model'?: (string);
  'timingsMs'?: ({[key: string]: number});
}
