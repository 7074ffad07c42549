import {
  status,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type sendUnaryData,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import type { ProtoGrpcType } from '../../gen/health.ts';
import type { HealthHandlers } from '../../gen/grpc/health/v1/Health.ts';
import type { HealthCheckRequest__Output } from '../../gen/grpc/health/v1/HealthCheckRequest.ts';
import type { HealthCheckResponse } from '../../gen/grpc/health/v1/HealthCheckResponse.ts';
import { loadProto } from './load.ts';

let cached: ProtoGrpcType['grpc']['health']['v1'] | undefined;

/**
 * grpc.health.v1.Health (the standard health checking protocol) for a gRPC-only process: Check
 * answers SERVING while `isServing()` holds and NOT_SERVING otherwise, for the whole server (`""`)
 * or one of `services` (full names); another name is NOT_FOUND, as the protocol asks. Watch is
 * UNIMPLEMENTED (allowed; probes use Check). Kubernetes' `grpc:` probes call Check.
 * @example server.addService(...healthService(() => pool.isReady(), ['idgate.inference.v1.InferenceService']));
 */
export function healthService(
  isServing: () => boolean | Promise<boolean>,
  services: readonly string[] = [],
): [ServiceDefinition, UntypedServiceImplementation] {
  cached ??= loadProto<ProtoGrpcType>('health').grpc.health.v1;
  const known = new Set(['', ...services]);
  const impl: HealthHandlers = {
    Check: (call: ServerUnaryCall<HealthCheckRequest__Output, HealthCheckResponse>, callback: sendUnaryData<HealthCheckResponse>) => {
      if (!known.has(call.request.service ?? '')) return callback({ code: status.NOT_FOUND, details: 'unknown service' });
      Promise.resolve()
        .then(isServing)
        .then(
          (serving) => callback(null, { status: serving ? 'SERVING' : 'NOT_SERVING' }),
          () => callback(null, { status: 'NOT_SERVING' }),
        );
    },
    Watch: (call: ServerWritableStream<HealthCheckRequest__Output, HealthCheckResponse>) => {
      call.emit('error', { code: status.UNIMPLEMENTED, details: 'Watch is not served; use Check' });
    },
  };
  return [cached.Health.service, impl];
}
