import { appError, invalidField, type CallContext, type core } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import type { BackgroundTasks } from '../lib/background-tasks.ts';
import { openEmbedding, sealEmbedding, type FaceEmbedding } from '../lib/embedding-codec.ts';
import { newId } from '../lib/tokens.ts';
import { comparable, sameFace, type FaceMatchPolicy } from './face-match.ts';
import type { FaceChallengeRow, FaceRepository } from './face.repository.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { AccountRow } from '../tenancy/tenancy.repository.ts';
import type { BlacklistService } from './blacklist.service.ts';
import { faceJobError, type FaceSampler } from './face-sample.service.ts';
import { requireScope, type Principal, type TenancyService } from '../tenancy/tenancy.service.ts';

type ChallengeType = 'register' | 'verify';
type Outcome = Pick<FaceChallengeRow, 'status' | 'reason' | 'errorCode' | 'errorReasons'>;
/**
 * At most 100 UTF-16 code units: the user id is also a path parameter (DELETE …/users/{user_id}),
 * and path parameters are capped at 100 (URL_TOO_LONG), so a longer id could never be deleted.
 */
const MAX_USER_ID = 100;
/** The answer to a public key: it sits in browsers and may only start sessions and drive the widget. */
const PUBLIC_KEY_REFUSED = 'Face 2FA needs the secret key (sk_live_) or a restricted key with the 2fa scope; a public key cannot call it.';

interface Deps {
  db: Db;
  faces: FaceRepository;
  tenancy: TenancyService;
  billing: BillingService;
  blacklist: BlacklistService;
  sampler: FaceSampler;
  tasks: BackgroundTasks;
  cipher: DataCipher;
  clock: Clock;
  policy: FaceMatchPolicy;
}

/**
 * Face 2FA (spec §1, §4.1; docs/face-2fa.md): a per-project facial second factor keyed by the
 * tenant's user id. Register and verify are asynchronous challenges: the image goes to an inference
 * node (passive liveness + embedding) in the background and is dropped; the outcome is pass/fail
 * with a reason, never a score. Registration is free; a decided verify (passed or failed) bills one
 * Verification in the same transaction that records it; an unusable image is an `error`, not billed.
 */
export class FaceTwoFactorService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  register(req: core.FaceChallengeRequest, ctx: CallContext): Promise<core.FaceChallenge> {
    return this.open('register', req, ctx);
  }

  verify(req: core.FaceChallengeRequest, ctx: CallContext): Promise<core.FaceChallenge> {
    return this.open('verify', req, ctx);
  }

  async status(id: string, ctx: CallContext): Promise<core.FaceChallenge> {
    const principal = await this.caller(ctx);
    const row = /^fch_[A-Za-z0-9_-]{8,40}$/.test(id) ? await this.deps.faces.findChallenge(id, principal.projectId) : undefined;
    if (!row) throw appError('NOT_FOUND', { message: 'No such Face 2FA challenge.' });
    return view(row);
  }

  async deleteUser(userId: string, ctx: CallContext): Promise<core.FaceUserDeleted> {
    const principal = await this.caller(ctx);
    return this.deleteUserOf(principal.projectId, userId);
  }

  /** Deletes a user's enrollment and challenges in a project the caller has been checked to own. */
  async deleteUserOf(projectId: string, userId: string): Promise<core.FaceUserDeleted> {
    return { userId, deleted: await this.deps.faces.deleteUser(projectId, checkUserId(userId)) };
  }

  /**
   * A page of a project (the caller checked to own it) enrolled users, by user id; the cursor is opaque
   * (base64url of the last user id). Never an embedding.
   */
  async listUsersOf(projectId: string, cursor: string | undefined, limit = 50): Promise<{ users: core.DashboardFaceUser[]; nextCursor?: string }> {
    const after = cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined;
    if (after !== undefined && (!after || after.length > MAX_USER_ID)) throw invalidField(['query', 'cursor'], 'cursor is not one this API returned');
    const rows = await this.deps.faces.listEnrollments(projectId, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      users: page.map((r) => ({ userId: r.userId, enrolledAt: r.createdAt.toISOString(), lastVerifiedAt: r.lastVerifiedAt?.toISOString() })),
      nextCursor: rows.length > limit && last ? Buffer.from(last.userId, 'utf8').toString('base64url') : undefined,
    };
  }

  private async open(type: ChallengeType, req: core.FaceChallengeRequest, ctx: CallContext): Promise<core.FaceChallenge> {
    const principal = await this.caller(ctx);
    const userId = checkUserId(req.userId ?? '');
    const image = req.image ?? new Uint8Array();
    this.deps.sampler.assertAcceptable(image);
    const account = await this.deps.tenancy.accountForAdmission(principal.accountId);
    if (type === 'verify') {
      // 402 before any work, like init; and nothing to compare against is a 404, not a challenge.
      await this.deps.billing.admit(account, 'verification');
      if (!(await this.deps.faces.findEnrollment(principal.projectId, userId))) throw appError('FACE_2FA_NOT_ENROLLED');
    } else if (account.suspended) {
      throw appError('PAYMENT_REQUIRED');
    }
    this.deps.tasks.assertCapacity();
    const row: FaceChallengeRow = {
      id: newId('fch_'),
      projectId: principal.projectId,
      externalUserId: userId,
      type,
      status: 'processing',
      reason: null,
      errorCode: null,
      errorReasons: null,
      createdAt: this.deps.clock.now(),
      completedAt: null,
    };
    if (type === 'verify') await this.insertWithinAllowance(row, account);
    else await this.deps.faces.insertChallenge(row);
    this.deps.tasks.start(`face-2fa-${type}`, () => this.process(row, principal, image, ctx.requestId));
    return view(row);
  }

  /**
   * A verify is decided (and billed) within seconds of its admission, so on a plan that stops at
   * its allowance the challenge itself reserves the unit: parallel verifies cannot all take the
   * last one (each would be decided and absorbed by the plan). Under a per-account lock, the
   * verifies still processing count as used.
   */
  private async insertWithinAllowance(row: FaceChallengeRow, account: AccountRow): Promise<void> {
    if (!this.deps.billing.planOf(account).stopsAtAllowance) return this.deps.faces.insertChallenge(row);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.billing.lockAllowance(tx, account.id);
      const inFlight = await this.deps.faces.countVerifiesInFlight(account.id, tx);
      await this.deps.billing.assertRoomBesides(tx, account, 'verification', inFlight);
      await this.deps.faces.insertChallenge(row, tx);
    });
  }

  /** Runs one challenge to its end and records it (with the bill, for a decided verify). */
  private async process(challenge: FaceChallengeRow, principal: Principal, image: Uint8Array, requestId: string | undefined): Promise<void> {
    let outcome: Outcome;
    let face: FaceEmbedding | null = null;
    try {
      const sample = await this.deps.sampler.live(image, requestId);
      face = sample.embedding;
      outcome = await this.judge(challenge, sample.live, face);
    } catch (err) {
      outcome = { status: 'error', reason: null, ...faceJobError(err) };
    }
    // Read before the transaction: the embedded database has one connection, held by the transaction.
    const account = challenge.type === 'verify' && outcome.status !== 'error' ? await this.deps.tenancy.requireAccount(principal.accountId) : null;
    await this.deps.db.transaction(async (tx) => {
      // The reservation's lock: a verify moves from in flight to billed while no admission counts.
      if (account && this.deps.billing.planOf(account).stopsAtAllowance) await this.deps.billing.lockAllowance(tx, account.id);
      const done = await this.deps.faces.completeChallenge(challenge.id, { ...outcome, completedAt: this.deps.clock.now() }, tx);
      // Gone (the user was deleted meanwhile) or ended by the interrupted-sweep: store nothing.
      if (!done) return;
      if (challenge.type === 'register' && outcome.status === 'passed' && face) {
        const embeddingSealed = sealEmbedding(this.deps.cipher, face, aad(challenge.projectId, challenge.externalUserId));
        await this.deps.faces.putEnrollment(
          { projectId: challenge.projectId, externalUserId: challenge.externalUserId, embeddingSealed, createdAt: this.deps.clock.now() },
          tx,
        );
      }
      if (account) {
        await this.deps.billing.billDecision(tx, { account, projectId: challenge.projectId, sessionId: challenge.id, kind: 'verification' });
      }
    });
  }

  /** Spoof first, then the blacklist, then (verify) the 1:1 match against the one enrollment. */
  private async judge(challenge: FaceChallengeRow, live: boolean, face: FaceEmbedding): Promise<Outcome> {
    const failed = (reason: string): Outcome => ({ status: 'failed', reason, errorCode: null, errorReasons: null });
    const passed: Outcome = { status: 'passed', reason: null, errorCode: null, errorReasons: null };
    const error = (errorCode: string): Outcome => ({ status: 'error', reason: null, errorCode, errorReasons: null });
    if (!live) return failed('liveness_failed');
    if (await this.deps.blacklist.isListed(challenge.projectId, face)) return failed('blacklist_match');
    if (challenge.type === 'register') return passed;
    const enrollment = await this.deps.faces.findEnrollment(challenge.projectId, challenge.externalUserId);
    if (!enrollment) return error('FACE_2FA_NOT_ENROLLED');
    const enrolled = openEmbedding(this.deps.cipher, enrollment.embeddingSealed, aad(challenge.projectId, challenge.externalUserId));
    if (!comparable(enrolled, this.deps.policy)) return error('FACE_ENROLLMENT_STALE');
    return sameFace(face, enrolled, this.deps.policy) ? passed : failed('face_mismatch');
  }

  private async caller(ctx: CallContext): Promise<Principal> {
    const principal = await this.deps.tenancy.authenticate(ctx.apiKey);
    // Not requireScope's answer for a public key, which speaks of reading results: this is Face 2FA.
    if (principal.kind === 'public') throw appError('AUTH_SECRET_KEY_REQUIRED', { message: PUBLIC_KEY_REFUSED });
    requireScope(principal, '2fa');
    return principal;
  }
}

function aad(projectId: string, userId: string): string {
  return `${projectId}:${userId}:face-2fa`;
}

function checkUserId(userId: string): string {
  if (userId.length < 1 || userId.length > MAX_USER_ID) {
    throw invalidField(['body', 'user_id'], `user_id must be 1 to ${MAX_USER_ID} characters (UTF-16 code units: an emoji counts 2)`);
  }
  return userId;
}

/** A challenge as the API shows it: outcome and reason, never a score or an embedding. */
function view(r: FaceChallengeRow): core.FaceChallenge {
  return {
    challengeId: r.id,
    type: r.type,
    userId: r.externalUserId,
    status: r.status,
    reason: r.reason ?? undefined,
    errorCode: r.errorCode ?? undefined,
    errorReasons: r.errorReasons ?? [],
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString(),
  };
}
