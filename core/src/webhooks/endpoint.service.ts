import { appError } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/tokens.ts';
import { buildEnvelope, testEventData } from './envelope.ts';
import { normaliseSubscription } from './event-types.ts';
import { newWebhookSecret, type SecretBox } from './endpoint-secrets.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import type { EndpointRepository, EndpointWithTenant } from './endpoint.repository.ts';
import { parseEndpointUrl, resolvePublic, type Resolver } from './ssrf-guard.ts';
import { parseIsoDate } from '../sessions/age.ts';

export const MAX_ENDPOINTS_PER_PROJECT = 16;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;
export const MAX_ROTATION_OVERLAP_SECONDS = 7 * 86_400;
/** Deliveries one replay call makes due; a larger range is replayed in several calls. */
export const MAX_REPLAY = 1000;

interface Deps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  secrets: SecretBox;
  clock: Clock;
  resolve: Resolver;
  production: boolean;
  brand: string;
  /** Called after a test event is queued, so the dispatcher sends it now. */
  onQueued: () => void;
}

export interface CreateEndpointInput {
  tenantId: string;
  projectId?: string;
  url: string;
  events?: string[];
  apiVersion?: string;
}

/** Endpoint management behind the admin API and CLI (docs/webhooks.md). */
export class WebhookEndpointService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async create(input: CreateEndpointInput): Promise<{ endpoint: EndpointWithTenant; secret: string }> {
    const url = await this.checkUrl(input.url);
    const events = normaliseSubscription(input.events);
    if (input.apiVersion !== undefined && !parseIsoDate(input.apiVersion))
      throw appError('REQUEST_INVALID', { message: 'api_version must be a date YYYY-MM-DD.' });
    const project = await this.deps.endpoints.findTenantProject(input.tenantId, input.projectId);
    if (!project) throw appError(input.projectId ? 'PROJECT_NOT_FOUND' : 'TENANT_NOT_FOUND');
    if ((await this.deps.endpoints.countForProject(project.id)) >= MAX_ENDPOINTS_PER_PROJECT) throw appError('WEBHOOK_ENDPOINT_LIMIT');
    const id = newId('we_');
    const secret = newWebhookSecret();
    const now = this.deps.clock.now();
    await this.deps.endpoints.insert({
      id,
      projectId: project.id,
      url: url.toString(),
      events,
      apiVersion: input.apiVersion ?? null,
      secretSealed: this.deps.secrets.seal(id, secret),
      createdAt: now,
      updatedAt: now,
    });
    return { endpoint: await this.get(id), secret };
  }

  async get(id: string): Promise<EndpointWithTenant> {
    const endpoint = await this.deps.endpoints.findById(id);
    if (!endpoint) throw appError('WEBHOOK_ENDPOINT_NOT_FOUND');
    return endpoint;
  }

  list(tenantId: string): Promise<EndpointWithTenant[]> {
    return this.deps.endpoints.listByTenant(tenantId);
  }

  /** Enabling starts afresh: counter at zero, and the deliveries that were waiting resume. */
  async setEnabled(id: string, enabled: boolean): Promise<EndpointWithTenant> {
    const endpoint = await this.get(id);
    const now = this.deps.clock.now();
    if (enabled) {
      await this.checkUrl(endpoint.url);
      await this.deps.endpoints.update(id, { enabled: true, disabledReason: null, consecutiveFailures: 0, updatedAt: now });
      this.deps.onQueued();
    } else {
      await this.deps.endpoints.disable(id, 'manual', now);
    }
    return this.get(id);
  }

  /** New secret now; the old one keeps signing for `overlapSeconds` (C-WH-3). A second rotation drops the oldest. */
  async rotateSecret(
    id: string,
    overlapSeconds = DEFAULT_ROTATION_OVERLAP_SECONDS,
  ): Promise<{ id: string; secret: string; previousSecretExpiresAt: Date | null }> {
    if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_ROTATION_OVERLAP_SECONDS) {
      throw appError('REQUEST_INVALID', { message: `overlap_seconds must be 0 to ${MAX_ROTATION_OVERLAP_SECONDS}.` });
    }
    const endpoint = await this.get(id);
    const secret = newWebhookSecret();
    const now = this.deps.clock.now();
    const until = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
    await this.deps.endpoints.update(id, {
      secretSealed: this.deps.secrets.seal(id, secret),
      previousSecretSealed: until ? endpoint.secretSealed : null,
      previousSecretExpiresAt: until,
      updatedAt: now,
    });
    return { id, secret, previousSecretExpiresAt: until };
  }

  /** The dashboard's test button: a `test` event with `{ message }` data, sent now (spec §6). */
  async sendTest(id: string): Promise<{ eventId: string }> {
    const endpoint = await this.get(id);
    if (!endpoint.enabled) throw appError('WEBHOOK_ENDPOINT_DISABLED');
    const versions = await this.deps.endpoints.projectApiVersions([endpoint.projectId]);
    const eventId = newId('evt_');
    const now = this.deps.clock.now();
    const body = buildEnvelope({
      id: eventId,
      type: 'test',
      apiVersion: endpoint.apiVersion ?? versions.get(endpoint.projectId) ?? '',
      createdAt: now,
      dataJson: testEventData(this.deps.brand),
    });
    await this.deps.deliveries.insertMany([
      {
        id: newId('whd_'),
        endpointId: id,
        eventId,
        eventType: 'test',
        body,
        status: 'pending',
        attemptCount: 0,
        nextAttemptAt: now,
        eventCreatedAt: now,
        createdAt: now,
      },
    ]);
    this.deps.onQueued();
    return { eventId };
  }

  /**
   * Manual replay of one event or of a time range of events (C-WH-9): the stored bytes and the
   * original event id, signed afresh at send time. Refused on a disabled endpoint: enable it
   * first (its waiting deliveries then resume by themselves).
   */
  async replay(
    id: string,
    input: { eventId?: string; since?: string; until?: string; undeliveredOnly?: boolean },
  ): Promise<{ replayed: number; truncated: boolean }> {
    const endpoint = await this.get(id);
    if ((input.eventId === undefined) === (input.since === undefined))
      throw appError('REQUEST_INVALID', { message: 'Give exactly one of event_id and since.' });
    if (!endpoint.enabled) throw appError('WEBHOOK_ENDPOINT_DISABLED');
    const now = this.deps.clock.now();
    let ids: string[];
    if (input.eventId !== undefined) {
      if (!(await this.deps.deliveries.hasEvent(id, input.eventId))) throw appError('WEBHOOK_EVENT_NOT_FOUND');
      ids = await this.deps.deliveries.replay(id, { eventId: input.eventId }, now, 1);
    } else {
      const since = parseInstant(input.since, 'since');
      const until = input.until === undefined ? now : parseInstant(input.until, 'until');
      if (since >= until) throw appError('REQUEST_INVALID', { message: 'since must be before until.' });
      ids = await this.deps.deliveries.replay(id, { since, until, undeliveredOnly: input.undeliveredOnly }, now, MAX_REPLAY);
    }
    if (ids.length) this.deps.onQueued();
    return { replayed: ids.length, truncated: ids.length === MAX_REPLAY };
  }

  async deliveries(id: string, limit = 20) {
    await this.get(id);
    return this.deps.deliveries.listRecent(id, clampLimit(limit));
  }

  notifications(tenantId: string, limit = 50) {
    return this.deps.endpoints.listNotifications(tenantId, clampLimit(limit));
  }

  /** Shape rules, then (production) the DNS check against internal addresses (C-WH-11). */
  private async checkUrl(raw: string): Promise<URL> {
    const url = parseEndpointUrl(raw, this.deps.production);
    if (this.deps.production) await resolvePublic(url.hostname, this.deps.resolve);
    return url;
  }
}

function parseInstant(raw: string | undefined, field: string): Date {
  const at = raw !== undefined && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw appError('REQUEST_INVALID', { message: `${field} must be an ISO 8601 date-time with a zone, e.g. 2026-11-21T10:00:00Z.` });
  return at;
}

function clampLimit(n: number): number {
  return Math.min(100, Math.max(1, Math.trunc(n) || 1));
}
