import { appError, type CallContext, type core } from '@idgate/protos';
import type { Actor } from '../team/team.service.ts';
import type { TeamGate } from '../tenancy/project-keys.api.ts';
import { deliveryMessage } from './delivery-message.ts';
import type { EndpointWithTenant } from './endpoint.repository.ts';
import type { WebhookEndpointService } from './endpoint.service.ts';

/** The dashboard's rotation choices are hours, like key rolls; the service takes seconds (at most 7 days). */
const MAX_OVERLAP_HOURS = 168;
const DEFAULT_DELIVERIES = 50;

/**
 * Webhooks over gRPC for the dashboard (docs/dashboard.md "Webhooks"): the same endpoint service as the
 * operator's WebhookService, behind the member's `webhooks.manage`. Every endpoint is looked up and must
 * belong to the member's account before anything happens (another tenant's id reads as unknown); every
 * change is in the audit log, never the secret, which crosses back only in the answer that made it.
 */
export class DashboardWebhooksApi {
  private readonly webhooks: WebhookEndpointService;
  private readonly team: TeamGate;

  private readonly projects: (accountId: string) => Promise<{ id: string; name: string; apiVersion: string }[]>;

  constructor(d: {
    webhooks: WebhookEndpointService;
    team: TeamGate;
    /** The account's projects, so the page offers a form for each, endpoints or not. */
    projects: (accountId: string) => Promise<{ id: string; name: string; apiVersion: string }[]>;
  }) {
    this.webhooks = d.webhooks;
    this.team = d.team;
    this.projects = d.projects;
  }

  async listEndpoints(ctx: CallContext): Promise<core.DashboardWebhookList> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const [endpoints, projects] = await Promise.all([this.webhooks.list(actor.accountId), this.projects(actor.accountId)]);
    return { endpoints: endpoints.map(endpointMessage), projects: projects.map((p) => ({ id: p.id, name: p.name, apiVersion: p.apiVersion })) };
  }

  async createEndpoint(req: core.DashboardWebhookCreateRequest, ctx: CallContext): Promise<core.DashboardWebhookSecret> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    // No project means "the first one" to the operator's API; a member always names the project of the form.
    if (!req.projectId) throw appError('PROJECT_NOT_FOUND');
    const created = await this.webhooks.create({
      tenantId: actor.accountId,
      projectId: req.projectId,
      url: req.url ?? '',
      events: req.events,
      apiVersion: req.apiVersion || undefined,
    });
    const e = created.endpoint;
    await this.team.record(
      actor,
      'webhook_endpoint.created',
      { type: 'webhook_endpoint', id: e.id },
      { project: e.projectId, url: e.url, events: e.events.join(' '), api_version: e.apiVersion ?? '' },
    );
    return { endpoint: endpointMessage(e), secret: created.secret };
  }

  async rotateSecret(req: core.DashboardWebhookRotateRequest, ctx: CallContext): Promise<core.DashboardWebhookSecret> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const endpoint = await this.owned(actor, req.endpointId);
    const hours = req.overlapHours ?? 0;
    if (!Number.isInteger(hours) || hours < 0 || hours > MAX_OVERLAP_HOURS)
      throw appError('REQUEST_INVALID', { message: `overlap_hours must be 0 to ${MAX_OVERLAP_HOURS}.` });
    const rotated = await this.webhooks.rotateSecret(endpoint.id, hours * 3600);
    await this.team.record(actor, 'webhook_endpoint.secret_rotated', { type: 'webhook_endpoint', id: endpoint.id }, { overlap_hours: hours });
    return { endpoint: endpointMessage(await this.webhooks.get(endpoint.id)), secret: rotated.secret };
  }

  async setEnabled(req: core.DashboardWebhookEnabledRequest, ctx: CallContext): Promise<core.DashboardWebhookEndpoint> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const endpoint = await this.owned(actor, req.endpointId);
    const enabled = req.enabled === true;
    const after = await this.webhooks.setEnabled(endpoint.id, enabled);
    await this.team.record(
      actor,
      enabled ? 'webhook_endpoint.enabled' : 'webhook_endpoint.disabled',
      { type: 'webhook_endpoint', id: endpoint.id },
      // What it was before, so the log tells a re-enable after failures from a routine one.
      enabled ? { was: endpoint.enabled ? 'enabled' : (endpoint.disabledReason ?? 'disabled'), consecutive_failures: endpoint.consecutiveFailures } : {},
    );
    return endpointMessage(after);
  }

  async sendTest(req: core.DashboardWebhookIdRequest, ctx: CallContext): Promise<core.DashboardWebhookTestSent> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const endpoint = await this.owned(actor, req.endpointId);
    const sent = await this.webhooks.sendTest(endpoint.id);
    await this.team.record(actor, 'webhook_endpoint.test_sent', { type: 'webhook_endpoint', id: endpoint.id }, { event: sent.eventId });
    return { eventId: sent.eventId };
  }

  async listDeliveries(req: core.DashboardWebhookDeliveriesRequest, ctx: CallContext): Promise<core.DashboardWebhookDeliveries> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const endpoint = await this.owned(actor, req.endpointId);
    const list = await this.webhooks.deliveries(endpoint.id, req.limit ?? DEFAULT_DELIVERIES);
    return { endpoint: endpointMessage(endpoint), deliveries: list.map((x) => deliveryMessage(x.delivery, x.attempts)) };
  }

  async replay(req: core.DashboardWebhookReplayRequest, ctx: CallContext): Promise<core.DashboardWebhookReplayed> {
    const actor = await this.team.actor(ctx, 'webhooks.manage');
    const endpoint = await this.owned(actor, req.endpointId);
    const out = await this.webhooks.replay(endpoint.id, req.eventId !== undefined ? { eventId: req.eventId } : { since: req.since, undeliveredOnly: true });
    await this.team.record(
      actor,
      'webhook_endpoint.replayed',
      { type: 'webhook_endpoint', id: endpoint.id },
      req.eventId !== undefined ? { event: req.eventId, replayed: out.replayed } : { since: req.since ?? '', replayed: out.replayed },
    );
    return out;
  }

  /** The endpoint, if it is the member's account's; otherwise the same answer as an id that does not exist. */
  private async owned(actor: Actor, id: string | undefined): Promise<EndpointWithTenant> {
    const endpoint = await this.webhooks.get(id ?? '');
    if (endpoint.tenantId !== actor.accountId) throw appError('WEBHOOK_ENDPOINT_NOT_FOUND');
    return endpoint;
  }
}

function endpointMessage(e: EndpointWithTenant): core.DashboardWebhookEndpoint {
  return {
    id: e.id,
    projectId: e.projectId,
    url: e.url,
    events: [...e.events],
    apiVersion: e.apiVersion ?? undefined,
    enabled: e.enabled,
    disabledReason: e.disabledReason ?? undefined,
    consecutiveFailures: e.consecutiveFailures,
    createdAt: e.createdAt.toISOString(),
    previousSecretExpiresAt: e.previousSecretExpiresAt?.toISOString(),
  };
}
