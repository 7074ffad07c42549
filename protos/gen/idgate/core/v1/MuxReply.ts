// Original file: protos/core.proto

import type { MuxError as _idgate_core_v1_MuxError, MuxError__Output as _idgate_core_v1_MuxError__Output } from '../../../idgate/core/v1/MuxError.ts';

export interface MuxReply {
  'id'?: (number);
  'payload'?: (Buffer | Uint8Array | string);
  'error'?: (_idgate_core_v1_MuxError | null);
  '_error'?: "error";
}

export interface MuxReply__Output {
  'id'?: (number);
  'payload'?: (Buffer);
  'error'?: (_idgate_core_v1_MuxError__Output);
  '_error'?: "error";
}
