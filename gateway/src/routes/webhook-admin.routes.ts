import type { FastifyInstance } from 'fastify';
import {
  ADMIN_LIMITS,
  callUnary,
  createWebhookClient,
  type CoreClients,
  type UnaryMethodOf,
  type UnaryRequest,
  type WebhookAttemptMessage,
  type WebhookDeliveryMessage,
  type WebhookEndpointMessage,
  type WebhookNotificationMessage,
  type WebhookServiceClient,
} from '@idgate/protos';
import { adminAuth } from '../plugins/admin-auth.ts';
import { arr, int, obj, str, type Infer, type SchemaTypeProvider } from '../schemas/json-schema.ts';
import { compact } from './context.ts';

const ID = obj({ id: str(64) }, ['id']);
// Query strings are not coerced (ajv coerceTypes: false): a limit arrives as digits, 1 to 100
// (ADMIN_LIMITS.listLimit; a larger one is refused, never cut down to 100 unsaid).
const LIMIT = obj({
  limit: str(3, {
    pattern: `^(?:${ADMIN_LIMITS.listLimit.max}|[1-9][0-9]?)$`,
    description: `Rows, ${ADMIN_LIMITS.listLimit.min} to ${ADMIN_LIMITS.listLimit.max}.`,
  }),
});
const limitOf = (q: Infer<typeof LIMIT>) => (q.limit === undefined ? undefined : Number(q.limit));
const tags = ['admin', 'webhooks'];

/**
 * Admin API for outbound webhooks (spec §6, docs/webhooks.md), behind the same Bearer ADMIN_TOKEN as
 * the rest of /admin/v1. The CLI maps `webhook create|test|list|get|enable|disable|rotate|
 * deliveries|notifications|replay` onto these routes.
 */
export function webhookAdminRoutes(app: FastifyInstance, d: { core: CoreClients; adminToken: string }): void {
  const channel = d.core.verification.getChannel();
  const client = createWebhookClient(channel.getTarget(), channel);
  app.register(async (instance) => {
    instance.addHook('onRequest', adminAuth(d.adminToken));
    // These routes have no response schemas: only the requests are typed from their schemas.
    const scope = instance.withTypeProvider<SchemaTypeProvider>();
    const call = <M extends UnaryMethodOf<WebhookServiceClient>>(method: M, req: UnaryRequest<WebhookServiceClient, M>) => callUnary(client, method, req);

    scope.post(
      '/admin/v1/webhooks',
      {
        schema: {
          tags,
          body: obj({ tenant_id: str(64), project_id: str(64), url: str(2048), events: arr(str(64), 16), api_version: str(10) }, ['tenant_id', 'url']),
        },
      },
      async (req) => {
        const b = req.body;
        const r = await call(
          'createEndpoint',
          compact({ tenantId: b.tenant_id, projectId: b.project_id, url: b.url, events: b.events ?? [], apiVersion: b.api_version }),
        );
        return { ...endpoint(r.endpoint ?? {}), secret: r.secret };
      },
    );

    scope.get('/admin/v1/webhooks', { schema: { tags, querystring: obj({ tenant_id: str(64) }, ['tenant_id']) } }, async (req) => {
      const r = await call('listEndpoints', { tenantId: req.query.tenant_id });
      return { webhooks: (r.endpoints ?? []).map(endpoint) };
    });

    scope.get('/admin/v1/webhooks/:id', { schema: { tags, params: ID } }, async (req) => endpoint(await call('getEndpoint', { id: req.params.id })));

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      scope.post(`/admin/v1/webhooks/:id/${action}`, { schema: { tags, params: ID } }, async (req) =>
        endpoint(await call('setEnabled', { id: req.params.id, enabled })),
      );
    }

    scope.post(
      '/admin/v1/webhooks/:id/rotate-secret',
      {
        schema: {
          tags,
          params: ID,
          body: obj({ overlap_seconds: int({ minimum: ADMIN_LIMITS.overlapSeconds.min, maximum: ADMIN_LIMITS.overlapSeconds.max }) }),
        },
      },
      async (req) => {
        const r = await call('rotateSecret', compact({ id: req.params.id, overlapSeconds: req.body?.overlap_seconds }));
        return { id: r.id, secret: r.secret, previous_secret_expires_at: r.previousSecretExpiresAt ?? null };
      },
    );

    scope.post('/admin/v1/webhooks/:id/test', { schema: { tags, params: ID } }, async (req) => {
      const r = await call('sendTest', { id: req.params.id });
      return { event_id: r.eventId };
    });

    scope.post(
      '/admin/v1/webhooks/:id/replay',
      {
        schema: { tags, params: ID, body: obj({ event_id: str(64), since: str(40), until: str(40) }) },
      },
      async (req) => {
        const b = req.body ?? {};
        const r = await call('replay', compact({ id: req.params.id, eventId: b.event_id, since: b.since, until: b.until }));
        return { replayed: r.replayed ?? 0, truncated: r.truncated ?? false };
      },
    );

    scope.get('/admin/v1/webhooks/:id/deliveries', { schema: { tags, params: ID, querystring: LIMIT } }, async (req) => {
      const r = await call('listDeliveries', compact({ id: req.params.id, limit: limitOf(req.query) }));
      return { deliveries: (r.deliveries ?? []).map(delivery) };
    });

    scope.get('/admin/v1/tenants/:id/webhook-notifications', { schema: { tags, params: ID, querystring: LIMIT } }, async (req) => {
      const r = await call('listNotifications', compact({ tenantId: req.params.id, limit: limitOf(req.query) }));
      return { notifications: (r.notifications ?? []).map(notification) };
    });
  });
}

function endpoint(e: WebhookEndpointMessage) {
  return {
    id: e.id,
    tenant_id: e.tenantId,
    project_id: e.projectId,
    url: e.url,
    events: e.events ?? [],
    api_version: e.apiVersion ?? null,
    enabled: e.enabled ?? false,
    disabled_reason: e.disabledReason ?? null,
    consecutive_failures: e.consecutiveFailures ?? 0,
    created_at: e.createdAt,
    previous_secret_expires_at: e.previousSecretExpiresAt ?? null,
  };
}

function delivery(x: WebhookDeliveryMessage) {
  return {
    id: x.id,
    event_id: x.eventId,
    event_type: x.eventType,
    status: x.status,
    attempt_count: x.attemptCount ?? 0,
    next_attempt_at: x.nextAttemptAt ?? null,
    created_at: x.createdAt,
    delivered_at: x.deliveredAt ?? null,
    attempts: (x.attempts ?? []).map(attempt),
  };
}

function attempt(a: WebhookAttemptMessage) {
  return {
    number: a.number,
    signed_at: a.signedAt,
    duration_ms: a.durationMs ?? 0,
    outcome: a.outcome,
    status_code: a.statusCode ?? null,
    error: a.error ?? null,
  };
}

function notification(n: WebhookNotificationMessage) {
  return {
    id: n.id,
    type: n.type,
    project_id: n.projectId,
    endpoint_id: n.endpointId,
    message: n.message,
    event_id: n.eventId ?? null,
    created_at: n.createdAt,
  };
}
