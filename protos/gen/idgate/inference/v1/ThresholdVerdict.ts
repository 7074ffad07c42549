// Original file: protos/inference.proto

import type { AgeVerdict as _idgate_inference_v1_AgeVerdict, AgeVerdict__Output as _idgate_inference_v1_AgeVerdict__Output } from '../../../idgate/inference/v1/AgeVerdict.ts';

export interface ThresholdVerdict {
  'threshold'?: (number);
  'verdict'?: (_idgate_inference_v1_AgeVerdict);
}

export interface ThresholdVerdict__Output {
  'threshold'?: (number);
  'verdict'?: (_idgate_inference_v1_AgeVerdict__Output);
}
