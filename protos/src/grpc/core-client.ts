import { credentials } from '@grpc/grpc-js';
import type { ProtoGrpcType } from '../../gen/core.ts';
import type { VerificationServiceClient } from '../../gen/idgate/core/v1/VerificationService.ts';
import type { WidgetServiceClient } from '../../gen/idgate/core/v1/WidgetService.ts';
import type { AdminServiceClient } from '../../gen/idgate/core/v1/AdminService.ts';
import type { HealthServiceClient } from '../../gen/idgate/core/v1/HealthService.ts';
import { loadProto } from './load.ts';
import { CHANNEL_OPTIONS } from './channel.ts';

export type CoreProto = ProtoGrpcType['idgate']['core']['v1'];

let cached: CoreProto | undefined;

/** The loaded core.proto package (service definitions for servers, constructors for clients). */
export function coreProto(): CoreProto {
  cached ??= loadProto<ProtoGrpcType>('core').idgate.core.v1;
  return cached;
}

export interface CoreClients {
  verification: VerificationServiceClient;
  widget: WidgetServiceClient;
  admin: AdminServiceClient;
  health: HealthServiceClient;
  close(): void;
}

/**
 * Typed clients for every core service over ONE shared channel (a single HTTP/2 connection,
 * multiplexed), so the gateway pays one connection, not one per service.
 */
export function createCoreClients(address: string): CoreClients {
  const proto = coreProto();
  const verification = new proto.VerificationService(address, credentials.createInsecure(), CHANNEL_OPTIONS);
  const channelOverride = verification.getChannel();
  const opts = { ...CHANNEL_OPTIONS, channelOverride };
  const widget = new proto.WidgetService(address, credentials.createInsecure(), opts);
  const admin = new proto.AdminService(address, credentials.createInsecure(), opts);
  const health = new proto.HealthService(address, credentials.createInsecure(), opts);
  return { verification, widget, admin, health, close: () => verification.close() };
}
