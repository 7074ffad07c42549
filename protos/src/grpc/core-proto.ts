import type { ProtoGrpcType } from '../../gen/core.ts';
import { loadProto } from './load.ts';

export type CoreProto = ProtoGrpcType['idgate']['core']['v1'];

let cached: CoreProto | undefined;

/** The loaded core.proto package (service definitions for servers, constructors for clients). */
export function coreProto(): CoreProto {
  cached ??= loadProto<ProtoGrpcType>('core').idgate.core.v1;
  return cached;
}
