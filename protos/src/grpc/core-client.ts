import { credentials, type ChannelOptions } from '@grpc/grpc-js';
import type { VerificationServiceClient } from '../../gen/idgate/core/v1/VerificationService.ts';
import type { WidgetServiceClient } from '../../gen/idgate/core/v1/WidgetService.ts';
import type { AdminServiceClient } from '../../gen/idgate/core/v1/AdminService.ts';
import type { HealthServiceClient } from '../../gen/idgate/core/v1/HealthService.ts';
import { coreProto } from './core-proto.ts';
import { CHANNEL_OPTIONS } from './channel.ts';
import { MuxClient } from './mux-client.ts';
import { callUnary, type CallContext, type UnaryReply, type UnaryRequest } from './unary.ts';

export { coreProto, type CoreProto } from './core-proto.ts';

/** The VerificationService methods the gateway sends on the multiplexed stream. */
export type MultiplexedMethod = 'init' | 'getResult' | 'getStatus' | 'verifyToken';

export interface CoreClients {
  verification: VerificationServiceClient;
  widget: WidgetServiceClient;
  admin: AdminServiceClient;
  health: HealthServiceClient;
  /**
   * The hot VerificationService calls (init, getResult, getStatus, verifyToken): messages on the
   * multiplexed stream by default, unary calls when `multiplex` is off. Errors are AppErrors.
   */
  verify<M extends MultiplexedMethod>(
    method: M,
    request: UnaryRequest<VerificationServiceClient, M>,
    ctx: CallContext,
  ): Promise<UnaryReply<VerificationServiceClient, M>>;
  close(): void;
}

/**
 * Typed clients for every core service over ONE shared channel (a single HTTP/2 connection,
 * multiplexed), so the gateway pays one connection, not one per service. `multiplex` (default on,
 * CORE_MULTIPLEX) carries the hot verify calls as messages on one bidirectional stream.
 */
export function createCoreClients(address: string, settings: { multiplex?: boolean } = {}): CoreClients {
  const proto = coreProto();
  const verification = new proto.VerificationService(address, credentials.createInsecure(), { ...CHANNEL_OPTIONS, ...balancing(address) });
  const channelOverride = verification.getChannel();
  const opts = { ...CHANNEL_OPTIONS, channelOverride };
  const widget = new proto.WidgetService(address, credentials.createInsecure(), opts);
  const admin = new proto.AdminService(address, credentials.createInsecure(), opts);
  const health = new proto.HealthService(address, credentials.createInsecure(), opts);
  const mux = settings.multiplex === false ? undefined : new MuxClient(address, channelOverride);
  return {
    verification,
    widget,
    admin,
    health,
    verify: (method, request, ctx) => (mux ? mux.call(method, request, ctx) : callUnary(verification, method, request, ctx)),
    close: () => {
      mux?.close();
      verification.close();
    },
  };
}

/**
 * A target that names several cores (`dns:///name:port` resolving to every replica, or an `ipv4:`
 * list) gets round_robin: unary calls alternate over the replicas, and each new multiplexed stream
 * (one a minute, MUX_STREAM_MAX_AGE_MS) goes to the next. A plain host:port keeps pick_first, one
 * connection to whatever answers behind that address (a Kubernetes ClusterIP Service).
 */
function balancing(address: string): ChannelOptions {
  if (!/^(dns|ipv4|ipv6):/.test(address)) return {};
  return { 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }) };
}
