// Original file: protos/core.proto

import type { FrameEvidence as _idgate_core_v1_FrameEvidence, FrameEvidence__Output as _idgate_core_v1_FrameEvidence__Output } from '../../../idgate/core/v1/FrameEvidence.ts';
import type { Long } from '@grpc/proto-loader';

export interface DeviceVerdictRequest {
  'nonce'?: (string);
  'livenessPassed'?: (boolean);
  'ageVerdict'?: (string);
  'ageGate'?: (number);
  'modelHashes'?: (string)[];
  'frames'?: (_idgate_core_v1_FrameEvidence)[];
  'chainHash'?: (string);
  'captureStartedMs'?: (number | string | Long);
  'captureFinishedMs'?: (number | string | Long);
}

export interface DeviceVerdictRequest__Output {
  'nonce'?: (string);
  'livenessPassed'?: (boolean);
  'ageVerdict'?: (string);
  'ageGate'?: (number);
  'modelHashes'?: (string)[];
  'frames'?: (_idgate_core_v1_FrameEvidence__Output)[];
  'chainHash'?: (string);
  'captureStartedMs'?: (string);
  'captureFinishedMs'?: (string);
}
