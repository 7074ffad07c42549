// Original file: protos/inference.proto

import type { FaceInput as _idgate_inference_v1_FaceInput, FaceInput__Output as _idgate_inference_v1_FaceInput__Output } from '../../../idgate/inference/v1/FaceInput.ts';

export interface MatchFacesRequest {
  'probe'?: (_idgate_inference_v1_FaceInput | null);
  'reference'?: (_idgate_inference_v1_FaceInput | null);
}

export interface MatchFacesRequest__Output {
  'probe'?: (_idgate_inference_v1_FaceInput__Output);
  'reference'?: (_idgate_inference_v1_FaceInput__Output);
}
