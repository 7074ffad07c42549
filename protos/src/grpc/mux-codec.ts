import type { ServiceDefinition } from '@grpc/grpc-js';
import type { AppError } from '../errors/app-error.ts';
import { decodeDetails, encodeDetails, fromWireError, toWireError } from '../errors/wire.ts';
import type { MuxError, MuxError__Output } from '../../gen/idgate/core/v1/MuxError.ts';

/** The error of a multiplexed reply for any thrown value (unknown errors become INTERNAL). */
export function toMuxError(err: unknown): { error: MuxError; internal: boolean } {
  const wire = toWireError(err);
  return {
    error: { code: wire.code, message: wire.message, ...(wire.details ? { detailsJson: encodeDetails(wire.details) } : {}) },
    internal: wire.code === 'INTERNAL',
  };
}

/** Rebuilds the AppError core threw, as fromServiceError does for a unary call. */
export function fromMuxError(e: MuxError__Output): AppError {
  return fromWireError({ code: e.code ?? '', message: e.message, details: decodeDetails(e.detailsJson) });
}

/** A method of a grpc-js service definition by its client name (`init` → the proto's `Init`). */
export function methodOf(definition: ServiceDefinition, name: string): ServiceDefinition[string] | undefined {
  if (!name) return undefined;
  return definition[name] ?? definition[name[0]!.toUpperCase() + name.slice(1)];
}
