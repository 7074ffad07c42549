import { appError, type CallContext, type InferenceReadDocumentResponse__Output } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { StageTimings } from '../lib/stage-timings.ts';
import { parseIsoDate, toIsoDate, utcDateOf, type CalendarDate } from '../sessions/age.ts';
import { bracketOn } from './age-bracket.ts';
import { matchExpected, type DataMatchResult, type ZoneReading } from './data-match.ts';
import { decideDocument, type DocumentOutcome, type FaceMatchView } from './document-outcome.ts';
import type { MismatchPolicy, Purpose } from '../sessions/init-request.ts';
import type { Checks } from '../sessions/result-record.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';
import type { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';
import type { TenancyRepository } from '../tenancy/tenancy.repository.ts';
import type { InferenceCalls } from '../scheduler/index.ts';
import type { TransitionRequest, SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import type { FaceEmbedding, SessionSecretsService } from '../sessions/session-secrets.service.ts';
import type { FaceBlacklist } from '../widget/frame-check.service.ts';
import { embeddingFrom } from '../lib/embedding-codec.ts';
import type { DocumentReuseService } from './document-reuse.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { riskOf } from './document-risk.ts';
import type { AmlScreeningService } from '../screening/aml-screening.service.ts';
import { DOCUMENT_SIDE_MISSING, type DocumentSide } from '../widget/capture-retakes.ts';
import { answerOrRefusal, failedCapture, isCaptureLivenessFailure, isDocumentRetakeReason, refusedFaceFinal } from '../widget/capture-retakes.ts';

/** How long a passed document session may be claimed into a service ID (docs/decisions/service-ids.md). */
export const BRACKET_CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;

interface Deps {
  lifecycle: SessionLifecycle;
  /** Absent when no inference node is configured. */
  inference?: InferenceCalls;
  secrets: SessionSecretsService;
  decisions: SessionDecisionsRepository;
  reuse: DocumentReuseService;
  reviews: ReviewService;
  aml: AmlScreeningService;
  tenancy: TenancyRepository;
  clock: Clock;
  timings: StageTimings;
  maxFrames: number;
  /** Largest liveness frame (FACE_FRAME_MAX_BYTES): a camera frame, not a photo. */
  maxFrameBytes: number;
  /** Largest document photo (INFERENCE_MAX_IMAGE_BYTES). */
  maxImageBytes: number;
  /** The tenant account's face blacklist, searched with the selfie. */
  blacklist?: FaceBlacklist;
}

type Reading = InferenceReadDocumentResponse__Output;

/**
 * The document path (spec §1 paths B and C): a liveness frame (its embedding is kept, sealed,
 * for the face match and at most 24 h), then the document image: OCR on an inference node,
 * face match of the document portrait against the selfie embedding, age from the birth date,
 * expiry, data match and risk band, decided in one transaction. The document image lives only
 * in this request's memory: it is never stored, written to disk or logged.
 */
export class DocumentPathService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  get timings(): StageTimings {
    return this.deps.timings;
  }

  async submitLiveness(row: SessionRow, frames: Uint8Array[], ctx: CallContext): Promise<SessionRow> {
    expectStep(row, 'liveness_required', 'a liveness frame');
    if (frames.length < 1 || frames.length > this.deps.maxFrames) throw appError('REQUEST_INVALID', { message: `Send 1 to ${this.deps.maxFrames} frames.` });
    if (frames.some((f) => f.length === 0)) throw appError('IMAGE_EMPTY');
    if (frames.some((f) => f.length > this.deps.maxFrameBytes)) throw appError('IMAGE_TOO_LARGE');
    const inference = this.requireInference();
    const checked = await answerOrRefusal(
      this.deps.timings.time('liveness', () => inference.call('checkFace', { frames }, { deadline: ctx.deadline, requestId: ctx.requestId })),
    );
    if ('refused' in checked) return this.refusedFace(row, checked.refused);
    const res = checked.answer;
    const live = res.liveness?.live ?? false;
    const selfie = embeddingFrom(res.embedding?.embedding);
    const listed = live && selfie !== null && this.deps.blacklist ? await this.deps.blacklist.isListed(row.projectId, selfie) : false;
    return this.deps.lifecycle.change(row.id, async (current, tx) => {
      expectStep(current, 'liveness_required', 'a liveness frame');
      const checks: Checks = { ...(current.checks as Checks), liveness: { performed: true, passed: live } };
      if (!live) {
        const failed: TransitionRequest = { to: 'failed', bill: 'verification', patch: { checks, step: 'done', reason: 'liveness_failed' } };
        // A burst of unusable frames (bad light, blur) is the user's to retake: docs/decisions/capture-retakes.md.
        return isCaptureLivenessFailure(res.liveness?.frames) ? failedCapture(current, 'face', 'liveness_failed', () => failed) : failed;
      }
      if (!selfie) return failedCapture(current, 'face', 'face_not_found', () => refusedFaceFinal(current));
      await this.deps.secrets.storeSelfie(current.id, selfie, tx);
      // Spec §1: a face on the tenant's blacklist fails any later verification.
      if (listed) return { to: 'failed', bill: 'verification', patch: { checks, step: 'done', reason: 'blacklist_match' } };
      return { patch: { checks, step: 'document_required' } };
    });
  }

  /** The detector refused the burst (no face, several, unusable): a retake, or at the limit a failure that is not billed. */
  private refusedFace(row: SessionRow, reason: string): Promise<SessionRow> {
    return this.deps.lifecycle.change(row.id, async (current) => {
      expectStep(current, 'liveness_required', 'a liveness frame');
      return failedCapture(current, 'face', reason, () => refusedFaceFinal(current));
    });
  }

  /** `image` is the front (or a passport's data page), `backImage` the back of a two-sided document. */
  async submitDocument(row: SessionRow, sides: { image: Uint8Array; backImage?: Uint8Array }, ctx: CallContext): Promise<SessionRow> {
    expectStep(row, 'document_required', 'a document');
    const { image, backImage } = sides;
    if (image.length === 0) throw appError('DOCUMENT_IMAGE_EMPTY', { message: 'image (the front) is empty.' });
    if (image.length > this.deps.maxImageBytes) throw appError('DOCUMENT_IMAGE_TOO_LARGE', { message: 'image (the front) is too large.' });
    if (backImage && backImage.length === 0) throw appError('DOCUMENT_IMAGE_EMPTY', { message: 'back_image is empty.' });
    if (backImage && backImage.length > this.deps.maxImageBytes) throw appError('DOCUMENT_IMAGE_TOO_LARGE', { message: 'back_image is too large.' });
    const inference = this.requireInference();
    const selfie = await this.deps.secrets.selfieOf(row.id);
    if (!selfie) throw appError('SESSION_STATE_CONFLICT', { message: 'The liveness step must come first.' });
    const today = utcDateOf(this.deps.clock.now());
    const call = { deadline: ctx.deadline, requestId: ctx.requestId };
    const reading = await this.deps.timings.time('ocr', () =>
      inference.call('readDocument', { image, ...(backImage ? { backImage } : {}), today: toIsoDate(today) }, call),
    );
    const faceMatch = await this.matchFaces(selfie, reading, call);
    const claims = reading.status === 'ok' ? await this.deps.secrets.claimsOf(row.id) : null;
    const dataMatch = claims ? matchExpected(claims.claims, zonesOf(reading)) : null;
    return this.deps.timings.time('decision', () =>
      this.deps.lifecycle.change(row.id, async (current, tx) => {
        expectStep(current, 'document_required', 'a document');
        return this.decide(current, tx, { reading, faceMatch, dataMatch, today });
      }),
    );
  }

  private async matchFaces(selfie: FaceEmbedding, reading: Reading, call: CallContext): Promise<FaceMatchView | null> {
    const portrait = reading.portraitEmbedding;
    if (!portrait?.values?.length || reading.status === 'document_unreadable') return null;
    const res = await this.deps.timings.time('face_match', () =>
      this.requireInference().call(
        'matchFaces',
        { probe: { embedding: selfie }, reference: { embedding: { values: portrait.values, model: portrait.model } } },
        call,
      ),
    );
    return { match: res.match ?? false, similarity: res.similarity ?? 0, threshold: res.threshold ?? 1 };
  }

  private async decide(
    row: SessionRow,
    tx: Db,
    s: { reading: Reading; faceMatch: FaceMatchView | null; dataMatch: DataMatchResult | null; today: CalendarDate },
  ): Promise<TransitionRequest> {
    const { reading } = s;
    const outcome = decideDocument({
      reading: {
        status: reading.status ?? 'document_unreadable',
        reasons: reading.reasons ?? [],
        documentType: reading.documentType,
        issuingCountry: reading.issuingCountry,
        dateOfBirth: reading.dateOfBirth,
        expiryDate: reading.expiryDate,
        hasPortrait: Boolean(reading.portraitEmbedding?.values?.length),
      },
      faceMatch: s.faceMatch,
      minAge: row.minAge,
      purpose: row.purpose as Purpose,
      mismatchPolicy: row.mismatchPolicy as MismatchPolicy,
      today: s.today,
      dataMatch: s.dataMatch,
      checks: row.checks as Checks,
    });
    // An unreadable photo (blur, glare, cut off) is the user's to retake, up to the limit; the last one decides as before.
    // One side of a two-sided document: a retake that says which side to photograph; at the limit it
    // ends as the unreadable document it is (docs/decisions/capture-retakes.md).
    const side = sideOf(reading.sideMissing);
    if (outcome.to === 'failed' && isDocumentRetakeReason(outcome.reason))
      return failedCapture(row, 'document', side ? DOCUMENT_SIDE_MISSING : outcome.reason, () => this.finish(row, tx, s, outcome), side);
    return this.finish(row, tx, s, outcome);
  }

  private async finish(
    row: SessionRow,
    tx: Db,
    s: { reading: Reading; faceMatch: FaceMatchView | null; dataMatch: DataMatchResult | null; today: CalendarDate },
    outcome: DocumentOutcome,
  ): Promise<TransitionRequest> {
    const { reading } = s;
    const screened = await this.screen(row, tx, reading, outcome);
    await this.recordDecision(row, tx, s, screened);
    if (screened.reason === 'aml_match')
      await this.deps.reviews.open(tx, row, 'aml_match', { aml: screened.amlContext, ...(s.dataMatch ? { data_match: s.dataMatch } : {}) });
    else if (screened.to === 'pending_tenant_review') await this.deps.reviews.open(tx, row, 'data_mismatch', { data_match: s.dataMatch });
    const billed = screened.billed && screened.to !== 'pending_tenant_review';
    return { to: screened.to, bill: billed ? 'verification' : undefined, patch: { checks: screened.checks, step: 'done', reason: screened.reason } };
  }

  /**
   * Sanctions/PEP screening of a document that would otherwise pass or go to review (docs/screening.md):
   * a hit never fails the session, it routes it to review with reason aml_match and the match
   * context (matched name, score, source lists) for the tenant reviewer only.
   */
  private async screen(row: SessionRow, tx: Db, reading: Reading, outcome: DocumentOutcome): Promise<DocumentOutcome & { amlContext?: unknown }> {
    if (outcome.to !== 'success' && outcome.to !== 'pending_tenant_review') return outcome;
    const project = await this.deps.tenancy.findProject(row.projectId, tx);
    const account = project ? await this.deps.tenancy.findAccount(project.accountId, tx) : undefined;
    const aml = this.deps.aml.screenDocument(account?.plan ?? '', reading);
    const checks: Checks = { ...outcome.checks, aml: { performed: aml.performed, passed: aml.performed && aml.hits.length === 0 } };
    if (!aml.hits.length) return { ...outcome, checks };
    const amlContext = aml.hits.map((h) => ({
      matched_name: h.matchedName,
      matched_name_latin: h.matchedNameLatin,
      score: Math.round(h.score * 1000) / 1000,
      entity_id: h.entityId,
      source_lists: h.datasets,
      topics: h.topics,
    }));
    return { ...outcome, checks, to: 'pending_tenant_review', reason: 'aml_match', amlContext };
  }

  /** Risk band (when a document zone was read) and, after a pass, the claimable age bracket. */
  private async recordDecision(
    row: SessionRow,
    tx: Db,
    s: { reading: Reading; faceMatch: FaceMatchView | null; today: CalendarDate },
    outcome: DocumentOutcome,
  ): Promise<void> {
    const project = await this.deps.tenancy.findProject(row.projectId, tx);
    const reuseCount =
      project && s.reading.documentNumber && s.reading.status !== 'document_unreadable'
        ? await this.deps.reuse.countAndRecord(tx, {
            accountId: project.accountId,
            sessionId: row.id,
            documentNumber: s.reading.documentNumber,
            issuingCountry: s.reading.issuingCountry,
          })
        : 0;
    const risk = riskOf(s.reading, s.faceMatch, outcome.expired, reuseCount, zonesOf(s.reading));
    const birth = s.reading.dateOfBirth ? parseIsoDate(s.reading.dateOfBirth) : undefined;
    const bracket = outcome.to === 'success' && birth ? bracketOn(birth, s.today) : null;
    const now = this.deps.clock.now();
    await this.deps.decisions.insert(
      {
        sessionId: row.id,
        riskBand: risk?.band ?? null,
        riskSignals: risk?.signals ?? [],
        createdAt: now,
        bracket: bracket?.bracket ?? null,
        bracketNextChangeAt: bracket?.nextChangeAt ?? null,
        bracketMethod: bracket ? 'document' : null,
        bracketClaimableUntil: bracket ? new Date(now.getTime() + BRACKET_CLAIM_WINDOW_MS) : null,
      },
      tx,
    );
  }

  private requireInference(): InferenceCalls {
    if (!this.deps.inference) throw appError('FEATURE_NOT_AVAILABLE', { message: 'The document path needs an inference node (INFERENCE_NODES).' });
    return this.deps.inference;
  }
}

function expectStep(row: SessionRow, step: string, what: string): void {
  if (row.status !== 'in_progress' || row.step !== step) throw notWaiting(row.status as SessionStatus, `This session is not waiting for ${what}.`);
}

function sideOf(side: string | undefined): DocumentSide | undefined {
  return side === 'front' || side === 'back' ? side : undefined;
}

/**
 * Each zone the reader read (MRZ, barcode, printed text), for the data match against every zone
 * (spec §2.5). An older inference node that sends no zones: the merged reading, as the MRZ or barcode.
 */
function zonesOf(r: Reading): ZoneReading[] {
  const zones = (r.zones ?? []).flatMap((z): ZoneReading[] =>
    z.zone === 'mrz' || z.zone === 'barcode' || z.zone === 'printed'
      ? [
          {
            zone: z.zone,
            surname: z.surname,
            givenNames: z.givenNames,
            dateOfBirth: z.dateOfBirth,
            documentNumber: z.documentNumber,
            nationality: z.nationality,
          },
        ]
      : [],
  );
  if (zones.length) return zones;
  return [
    {
      zone: r.mrzChecksValid !== undefined ? 'mrz' : 'barcode',
      surname: r.surname,
      givenNames: r.givenNames,
      dateOfBirth: r.dateOfBirth,
      documentNumber: r.documentNumber,
      nationality: r.nationality,
    },
  ];
}
