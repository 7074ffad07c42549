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
    const reason = checkReason(req.reason);
    const token = req.sessionToken ?? '';
    const session = /^xtk_[A-Za-z0-9_-]{16,64}$/.test(token) ? await this.deps.sessions.findByResultTokenHash(hashToken(token)) : undefined;
    // Any project of the caller's account (the list is the account's); another tenant's is "unknown".
    const owner = session && session.projectId !== principal.projectId ? await this.deps.projects.findProject(session.projectId) : undefined;
    if (!session || (owner && owner.accountId !== principal.accountId)) throw appError('TOKEN_NOT_FOUND');
    const selfie = DECIDED.has(session.status) ? await this.deps.secrets.selfieOf(session.id) : null;
    if (!selfie) throw appError('BLACKLIST_SELFIE_UNAVAILABLE');
    const id = newId('bl_');
    const now = this.deps.clock.now();
    const row: BlacklistEntryRow = {
      id,
      accountId: principal.accountId,
      projectId: principal.projectId,
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
    return view(row);
  }

  async addFromImage(req: core.BlacklistImageRequest, ctx: CallContext): Promise<core.BlacklistEntry> {
    const principal = await this.caller(ctx);
    const reason = checkReason(req.reason);
    const image = req.image ?? new Uint8Array();
    this.deps.sampler.assertAcceptable(image);
    this.deps.tasks.assertCapacity();
    const id = newId('bl_');
    const row: BlacklistEntryRow = {
      id,
      accountId: principal.accountId,
      projectId: principal.projectId,
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
    this.deps.tasks.start('blacklist-image', () => this.embedEntry(id, image, ctx.requestId));
    return view(row);
  }

  async list(req: core.BlacklistListRequest, ctx: CallContext): Promise<core.BlacklistList> {
    const principal = await this.caller(ctx);
    const limit = pageLimit(req.limit ?? undefined);
    const rows = await this.deps.faces.listActive(principal.accountId, limit + 1, decodeCursor(req.cursor ?? undefined));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { entries: page.map(view), nextCursor: rows.length > limit && last ? encodeCursor(last) : undefined };
  }

  async get(id: string, ctx: CallContext): Promise<core.BlacklistEntry> {
    const principal = await this.caller(ctx);
    const row = isEntryId(id) ? await this.deps.faces.findEntry(id, principal.accountId) : undefined;
    if (!row) throw appError('NOT_FOUND', { message: 'No such blacklist entry.' });
    return view(row);
  }

  async remove(id: string, ctx: CallContext): Promise<core.BlacklistDeleted> {
    const principal = await this.caller(ctx);
    if (!isEntryId(id) || !(await this.deps.faces.deleteEntry(id, principal.accountId))) throw appError('NOT_FOUND', { message: 'No such blacklist entry.' });
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
function view(r: BlacklistEntryRow): core.BlacklistEntry {
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
