// Original file: protos/inference.proto

import type { Box as _idgate_inference_v1_Box, Box__Output as _idgate_inference_v1_Box__Output } from '../../../idgate/inference/v1/Box.ts';
import type { Point as _idgate_inference_v1_Point, Point__Output as _idgate_inference_v1_Point__Output } from '../../../idgate/inference/v1/Point.ts';

export interface Face {
  'box'?: (_idgate_inference_v1_Box | null);
  'score'?: (number | string);
  'landmarks'?: (_idgate_inference_v1_Point)[];
}

export interface Face__Output {
  'box'?: (_idgate_inference_v1_Box__Output);
  'score'?: (number);
  'landmarks'?: (_idgate_inference_v1_Point__Output)[];
}
