// Original file: protos/inference.proto

import type { Face as _idgate_inference_v1_Face, Face__Output as _idgate_inference_v1_Face__Output } from '../../../idgate/inference/v1/Face.ts';
import type { Quality as _idgate_inference_v1_Quality, Quality__Output as _idgate_inference_v1_Quality__Output } from '../../../idgate/inference/v1/Quality.ts';

export interface DetectFacesResponse {
  'width'?: (number);
  'height'?: (number);
  'faces'?: (_idgate_inference_v1_Face)[];
  'subjectIndex'?: (number);
  'peopleInFrame'?: (number);
  'quality'?: (_idgate_inference_v1_Quality | null);
  'usable'?: (boolean);
  'reasons'?: (string)[];
  'timingsMs'?: ({[key: string]: number | string});
  '_quality'?: "quality";
}

export interface DetectFacesResponse__Output {
  'width'?: (number);
  'height'?: (number);
  'faces'?: (_idgate_inference_v1_Face__Output)[];
  'subjectIndex'?: (number);
  'peopleInFrame'?: (number);
  'quality'?: (_idgate_inference_v1_Quality__Output);
  'usable'?: (boolean);
  'reasons'?: (string)[];
  'timingsMs'?: ({[key: string]: number});
  '_quality'?: "quality";
}
