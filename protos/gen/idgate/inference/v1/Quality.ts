// Original file: protos/inference.proto

import type { Pose as _idgate_inference_v1_Pose, Pose__Output as _idgate_inference_v1_Pose__Output } from '../../../idgate/inference/v1/Pose.ts';

export interface Quality {
  'faceSize'?: (number | string);
  'sharpness'?: (number | string);
  'pose'?: (_idgate_inference_v1_Pose | null);
  'reasons'?: (string)[];
}

export interface Quality__Output {
  'faceSize'?: (number);
  'sharpness'?: (number);
  'pose'?: (_idgate_inference_v1_Pose__Output);
  'reasons'?: (string)[];
}
