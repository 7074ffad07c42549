// Original file: protos/core.proto

import type { AgeProof as _idgate_core_v1_AgeProof, AgeProof__Output as _idgate_core_v1_AgeProof__Output } from '../../../idgate/core/v1/AgeProof.ts';

export interface ServiceIdResolution {
  'proofs'?: (_idgate_core_v1_AgeProof)[];
  'declined'?: (boolean);
}

export interface ServiceIdResolution__Output {
  'proofs'?: (_idgate_core_v1_AgeProof__Output)[];
  'declined'?: (boolean);
}
