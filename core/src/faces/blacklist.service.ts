import { appError, invalidField, type CallContext, type core } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import type { BackgroundTasks } from '../lib/background-tasks.ts';
import { sealEmbedding, type FaceEmbedding } from '../lib/embedding-codec.ts';
import { BlacklistIndex } from './blacklist-index.ts';
import { decodeCursor, encodeCursor, pageLimit } from '../lib/page-cursor.ts';
import { hashToken, newId } from '../lib/tokens.ts';
import type { FaceMatchPolicy } from './face-match.ts';
import type { BlacklistEntryRow, FaceRepository } from './face.repository.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import type { TenancyRepository } from '../tenancy/tenancy.repository.ts';
import { faceJobError, type FaceSampler } from './face-sample.service.ts';
import type { SessionSecretsService } from '../sessions/session-secrets.service.ts';
import { requireScope, type Principal, type TenancyService } from '../tenancy/tenancy.service.ts';

const MAX_REASON = 500;
/** Sessions whose face was judged: a selfie of one of these may be blacklisted. */
const DECIDED = new Set(['success', 'failed', 'pending_tenant_review']);

interface Deps {
  faces: FaceRepository;
  sessions: SessionRepository;
  projects: Pick<TenancyRepository, 'findProject'>;
  secrets: SessionSecretsService;
  tenancy: TenancyService;
  sampler: FaceSampler;
  tasks: BackgroundTasks;
  cipher: DataCipher;
  clock: Clock;
  policy: FaceMatchPolicy;
}

/**
 * The face deny list of a tenant account (spec §1, §4.1; docs/blacklist.md). Entries come from a
 * decided session's selfie embedding (kept 24 h) or from an uploaded image, embedded on an
 * inference node in the background; a raw vector is never accepted and never answered. Every
 * server-side face check of the account's sessions and Face 2FA is searched against the list.
 */
export class BlacklistService {
  private readonly deps: Deps;
  private readonly index: BlacklistIndex;

  constructor(deps: Deps) {
    this.deps = deps;
    this.index = new BlacklistIndex({ faces: deps.faces, cipher: deps.cipher, policy: deps.policy, aad });
  }

  async addFromSession(req: core.BlacklistSessionRequest, ctx: CallContext): Promise<core.BlacklistEntry> {
    const principal = await this.caller(ctx);
    return (await this.addFromSessionOf(principal, { resultToken: req.sessionToken ?? '' }, req.reason)).entry;
  }

  /**
   * Blacklists the selfie of a decided session of any project of `owner.accountId` (the list is the
   * account's), named by its result token or, from the dashboard, its id; another tenant's session reads
   * as unknown (TOKEN_NOT_FOUND). The entry is filed under `owner.projectId`, or the session's project.
   */
  async addFromSessionOf(
    owner: { accountId: string; projectId?: string },
    session: { resultToken: string } | { sessionId: string },
    reasonText: string | undefined,
  ): Promise<{ entry: core.BlacklistEntry; projectId: string }> {
    const reason = checkReason(reasonText);
    const found =
      'resultToken' in session
        ? /^xtk_[A-Za-z0-9_-]{16,64}$/.test(session.resultToken)
          ? await this.deps.sessions.findByResultTokenHash(hashToken(session.resultToken))
          : undefined
        : /^ses_[A-Za-z0-9_-]{8,64}$/.test(session.sessionId)
          ? await this.deps.sessions.findById(session.sessionId)
          : undefined;
    const ownerOf = found && found.projectId !== owner.projectId ? await this.deps.projects.findProject(found.projectId) : undefined;
    if (!found || (ownerOf && ownerOf.accountId !== owner.accountId)) throw appError('TOKEN_NOT_FOUND');
    const selfie = DECIDED.has(found.status) ? await this.deps.secrets.selfieOf(found.id) : null;
    if (!selfie) throw appError('BLACKLIST_SELFIE_UNAVAILABLE');
    const id = newId('bl_');
    const now = this.deps.clock.now();
    const row: BlacklistEntryRow = {
      id,
      accountId: owner.accountId,
      projectId: owner.projectId ?? found.projectId,
      source: 'session',
      reason,
      status: 'active',
      errorCode: null,
      errorReasons: null,
      embeddingSealed: sealEmbedding(this.deps.cipher, selfie, aad(id)),
      createdAt: now,
      processedAt: now,
    };
    await this.deps.faces.insertEntry(row);
    return { entry: blacklistEntryMessage(row), projectId: row.projectId };
  }

  async addFromImage(req: core.BlacklistImageRequest, ctx: CallContext): Promise<core.BlacklistEntry> {
    const principal = await this.caller(ctx);
    const { entry } = await this.startFromImage(principal, req.image ?? new Uint8Array(), req.reason, ctx.requestId);
    return entry;
  }

  /**
   * Blacklists the face in an image for `owner.accountId`, filed under `owner.projectId`, and waits for the
   * inference node's answer (the dashboard shows it at once): the entry as it ended, active or failed with
   * its code. The same job as the verify API's: the image is embedded in the background and dropped.
   */
  async addFromImageOf(
    owner: { accountId: string; projectId: string },
    image: Uint8Array,
    reason: string | undefined,
    requestId?: string,
  ): Promise<core.BlacklistEntry> {
    const { entry, done } = await this.startFromImage(owner, image, reason, requestId);
    await done;
    const row = await this.deps.faces.findEntry(entry.id ?? '', owner.accountId);
    return row ? blacklistEntryMessage(row) : entry;
  }

  private async startFromImage(
    owner: { accountId: string; projectId: string },
    image: Uint8Array,
    reasonText: string | undefined,
    requestId: string | undefined,
  ): Promise<{ entry: core.BlacklistEntry; done: Promise<void> }> {
    const reason = checkReason(reasonText);
    this.deps.sampler.assertAcceptable(image);
    this.deps.tasks.assertCapacity();
    const id = newId('bl_');
    const row: BlacklistEntryRow = {
      id,
      accountId: owner.accountId,
      projectId: owner.projectId,
      source: 'image',
      reason,
      status: 'processing',
      errorCode: null,
      errorReasons: null,
      embeddingSealed: null,
      createdAt: this.deps.clock.now(),
      processedAt: null,
    };
    await this.deps.faces.insertEntry(row);
    const done = new Promise<void>((resolve) => this.deps.tasks.start('blacklist-image', () => this.embedEntry(id, image, requestId).finally(resolve)));
    return { entry: blacklistEntryMessage(row), done };
  }

  async list(req: core.BlacklistListRequest, ctx: CallContext): Promise<core.BlacklistList> {
    const principal = await this.caller(ctx);
    return this.listOf(principal.accountId, req);
  }

  /** A page of the account's active entries, newest first: never an embedding. */
  async listOf(accountId: string, req: core.BlacklistListRequest): Promise<core.BlacklistList> {
    const limit = pageLimit(req.limit ?? undefined);
    const rows = await this.deps.faces.listActive(accountId, limit + 1, decodeCursor(req.cursor ?? undefined));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { entries: page.map(blacklistEntryMessage), nextCursor: rows.length > limit && last ? encodeCursor(last) : undefined };
  }

  async get(id: string, ctx: CallContext): Promise<core.BlacklistEntry> {
    const principal = await this.caller(ctx);
    const row = isEntryId(id) ? await this.deps.faces.findEntry(id, principal.accountId) : undefined;
    if (!row) throw appError('NOT_FOUND', { message: 'No such blacklist entry.' });
    return blacklistEntryMessage(row);
  }

  async remove(id: string, ctx: CallContext): Promise<core.BlacklistDeleted> {
    const principal = await this.caller(ctx);
    return this.removeOf(principal.accountId, id);
  }

  /** Deletes an entry of the account; unknown or another account's: NOT_FOUND, nothing deleted. */
  async removeOf(accountId: string, id: string): Promise<core.BlacklistDeleted> {
    if (!isEntryId(id) || !(await this.deps.faces.deleteEntry(id, accountId))) throw appError('NOT_FOUND', { message: 'No such blacklist entry.' });
    return { id, deleted: true };
  }

  /** True when `face` is on the list of the account that owns `projectId`. */
  isListed(projectId: string, face: FaceEmbedding): Promise<boolean> {
    return this.index.isListed(projectId, face);
  }

  private async embedEntry(id: string, image: Uint8Array, requestId: string | undefined): Promise<void> {
    let patch: Parameters<FaceRepository['completeEntry']>[1];
    try {
      const embedding = await this.deps.sampler.embed(image, requestId);
      patch = {
        status: 'active',
        errorCode: null,
        errorReasons: null,
        embeddingSealed: sealEmbedding(this.deps.cipher, embedding, aad(id)),
        processedAt: this.deps.clock.now(),
      };
    } catch (err) {
      patch = { status: 'failed', ...faceJobError(err), embeddingSealed: null, processedAt: this.deps.clock.now() };
    }
    await this.deps.faces.completeEntry(id, patch);
  }

  private async caller(ctx: CallContext): Promise<Principal> {
    const principal = await this.deps.tenancy.authenticate(ctx.apiKey);
    requireScope(principal, 'blacklist');
    return principal;
  }
}

function aad(entryId: string): string {
  return `${entryId}:blacklist`;
}

function isEntryId(id: string): boolean {
  return /^bl_[A-Za-z0-9_-]{8,40}$/.test(id);
}

function checkReason(reason: string | undefined): string {
  // Counted in characters (code points), as the HTTP schema counts them.
  if (!reason || [...reason].length > MAX_REASON) {
    throw invalidField(['body', 'reason'], `reason is required, 1 to ${MAX_REASON} characters`);
  }
  return reason;
}

/** An entry as the API shows it: never the embedding. */
function blacklistEntryMessage(r: BlacklistEntryRow): core.BlacklistEntry {
  return {
    id: r.id,
    source: r.source,
    reason: r.reason,
    status: r.status,
    errorCode: r.errorCode ?? undefined,
    errorReasons: r.errorReasons ?? [],
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString(),
  };
}
