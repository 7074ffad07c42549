import { unaryHandler, type CallContext, type WebhookCreateEndpointRequest, type WebhookEndpointMessage } from '@idgate/protos';
import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import type { AttemptRow, DeliveryRow } from './delivery.repository.ts';
import type { EndpointWithTenant, NotificationRow } from './endpoint.repository.ts';
import type { WebhookEndpointService } from './endpoint.service.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;
type IdReq = { id?: string };

/** gRPC handlers of WebhookService (protos/webhook.proto): decode → service → encode. */
export function buildWebhookHandlers(s: WebhookEndpointService, h: H): UntypedServiceImplementation {
  return {
    createEndpoint: h(async (req: WebhookCreateEndpointRequest) => {
      const out = await s.create({ tenantId: req.tenantId ?? '', projectId: req.projectId, url: req.url ?? '', events: req.events, apiVersion: req.apiVersion });
      return { endpoint: endpointMessage(out.endpoint), secret: out.secret };
    }),
    listEndpoints: h(async (req: { tenantId?: string }) => ({ endpoints: (await s.list(req.tenantId ?? '')).map(endpointMessage) })),
    getEndpoint: h(async (req: IdReq) => endpointMessage(await s.get(req.id ?? ''))),
    setEnabled: h(async (req: IdReq & { enabled?: boolean }) => endpointMessage(await s.setEnabled(req.id ?? '', req.enabled ?? false))),
    rotateSecret: h(async (req: IdReq & { overlapSeconds?: number }) => {
      const r = await s.rotateSecret(req.id ?? '', req.overlapSeconds);
      return { id: r.id, secret: r.secret, ...(r.previousSecretExpiresAt ? { previousSecretExpiresAt: r.previousSecretExpiresAt.toISOString() } : {}) };
    }),
    sendTest: h((req: IdReq) => s.sendTest(req.id ?? '')),
    listDeliveries: h(async (req: IdReq & { limit?: number }) => ({ deliveries: (await s.deliveries(req.id ?? '', req.limit)).map((x) => deliveryMessage(x.delivery, x.attempts)) })),
    replay: h((req: IdReq & { eventId?: string; since?: string; until?: string }) => s.replay(req.id ?? '', { eventId: req.eventId, since: req.since, until: req.until })),
    listNotifications: h(async (req: { tenantId?: string; limit?: number }) => ({ notifications: (await s.notifications(req.tenantId ?? '', req.limit)).map(notificationMessage) })),
  };
}

function endpointMessage(e: EndpointWithTenant): WebhookEndpointMessage {
  return {
    id: e.id, tenantId: e.tenantId, projectId: e.projectId, url: e.url, events: e.events, enabled: e.enabled,
    consecutiveFailures: e.consecutiveFailures, createdAt: e.createdAt.toISOString(),
    ...(e.apiVersion ? { apiVersion: e.apiVersion } : {}),
    ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
    ...(e.previousSecretExpiresAt ? { previousSecretExpiresAt: e.previousSecretExpiresAt.toISOString() } : {}),
  };
}

function deliveryMessage(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: d.id, eventId: d.eventId, eventType: d.eventType, status: d.status, attemptCount: d.attemptCount, createdAt: d.createdAt.toISOString(),
    ...(d.status === 'pending' ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
    ...(d.deliveredAt ? { deliveredAt: d.deliveredAt.toISOString() } : {}),
    attempts: attempts.map((a) => ({
      number: a.number, signedAt: a.signedAt.toISOString(), durationMs: a.durationMs, outcome: a.outcome,
      ...(a.statusCode !== null ? { statusCode: a.statusCode } : {}),
      ...(a.error ? { error: a.error } : {}),
    })),
  };
}

function notificationMessage(n: NotificationRow) {
  return { id: n.id, type: n.type, projectId: n.projectId, endpointId: n.endpointId, message: n.message, createdAt: n.createdAt.toISOString(), ...(n.eventId ? { eventId: n.eventId } : {}) };
}
