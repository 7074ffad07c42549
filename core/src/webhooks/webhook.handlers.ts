import { unaryHandler, type CallContext, type WebhookCreateEndpointRequest, type WebhookEndpointMessage, type WebhookServiceHandlers } from '@idgate/protos';
import { deliveryMessage } from './delivery-message.ts';
import type { EndpointWithTenant, NotificationRow } from './endpoint.repository.ts';
import type { WebhookEndpointService } from './endpoint.service.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;
type IdReq = { id?: string };

/** gRPC handlers of WebhookService (protos/webhook.proto): decode → service → encode. */
export function buildWebhookHandlers(s: WebhookEndpointService, h: H): WebhookServiceHandlers {
  return {
    CreateEndpoint: h(async (req: WebhookCreateEndpointRequest) => {
      const out = await s.create({
        tenantId: req.tenantId ?? '',
        projectId: req.projectId,
        url: req.url ?? '',
        events: req.events,
        apiVersion: req.apiVersion,
      });
      return { endpoint: endpointMessage(out.endpoint), secret: out.secret };
    }),
    ListEndpoints: h(async (req: { tenantId?: string }) => ({ endpoints: (await s.list(req.tenantId ?? '')).map(endpointMessage) })),
    GetEndpoint: h(async (req: IdReq) => endpointMessage(await s.get(req.id ?? ''))),
    SetEnabled: h(async (req: IdReq & { enabled?: boolean }) => endpointMessage(await s.setEnabled(req.id ?? '', req.enabled ?? false))),
    RotateSecret: h(async (req: IdReq & { overlapSeconds?: number }) => {
      const r = await s.rotateSecret(req.id ?? '', req.overlapSeconds);
      return { id: r.id, secret: r.secret, ...(r.previousSecretExpiresAt ? { previousSecretExpiresAt: r.previousSecretExpiresAt.toISOString() } : {}) };
    }),
    SendTest: h((req: IdReq) => s.sendTest(req.id ?? '')),
    ListDeliveries: h(async (req: IdReq & { limit?: number }) => ({
      deliveries: (await s.deliveries(req.id ?? '', req.limit)).map((x) => deliveryMessage(x.delivery, x.attempts)),
    })),
    Replay: h((req: IdReq & { eventId?: string; since?: string; until?: string }) =>
      s.replay(req.id ?? '', { eventId: req.eventId, since: req.since, until: req.until }),
    ),
    ListNotifications: h(async (req: { tenantId?: string; limit?: number }) => ({
      notifications: (await s.notifications(req.tenantId ?? '', req.limit)).map(notificationMessage),
    })),
  };
}

function endpointMessage(e: EndpointWithTenant): WebhookEndpointMessage {
  return {
    id: e.id,
    tenantId: e.tenantId,
    projectId: e.projectId,
    url: e.url,
    events: e.events,
    enabled: e.enabled,
    consecutiveFailures: e.consecutiveFailures,
    createdAt: e.createdAt.toISOString(),
    ...(e.apiVersion ? { apiVersion: e.apiVersion } : {}),
    ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
    ...(e.previousSecretExpiresAt ? { previousSecretExpiresAt: e.previousSecretExpiresAt.toISOString() } : {}),
  };
}

function notificationMessage(n: NotificationRow) {
  return {
    id: n.id,
    type: n.type,
    projectId: n.projectId,
    endpointId: n.endpointId,
    message: n.message,
    createdAt: n.createdAt.toISOString(),
    ...(n.eventId ? { eventId: n.eventId } : {}),
  };
}
