import type { Logger } from '@idgate/platform';
import { AppError } from '@idgate/protos';
import type { IssuerTrust, IssuerTrustAnchor, IssuerTrustSnapshot } from '../contracts.ts';
import { TrustListError, type TrustListFailure } from './errors.ts';
import { WorkerListVerifier, type ListVerifier } from './list-verifier.ts';
import { ISSUER_SERVICE_TYPES } from './service-types.ts';
import { countListFailure, observeRefresh } from './trust-metrics.ts';
import type { ListedService } from './tsl-xml.ts';
import type { VerifiedList } from './verify-list.ts';

/** A list document exactly as fetched, kept once its signature verified (persisted so a restart serves it). */
export interface StoredList {
  readonly url: string;
  readonly kind: 'tsl' | 'lote';
  readonly body: string;
  readonly fetchedAt: Date;
  readonly nextUpdate: Date | undefined;
}

/** Where the last good copies live between restarts (the wallet_trust_lists table; memory in unit tests). */
export interface ListArchive {
  loadAll(): Promise<StoredList[]>;
  save(list: StoredList): Promise<void>;
}

export interface TrustedListsOptions {
  /** The EU List of Trusted Lists (TS 119 612 XML), and the certificates that may sign it. */
  readonly lotl?: { readonly url: string; readonly signers: readonly Uint8Array[] };
  /** TS 119 602 lists of trusted entities (JWS), and the certificates that may sign them. */
  readonly lote?: { readonly urls: readonly string[]; readonly signers: readonly Uint8Array[] };
  /** Anchors a deployment adds itself (scope any, never stale). */
  readonly anchors?: { readonly file: string; readonly certificates: readonly Uint8Array[] };
  /** Fetches one list document; throws TrustListError('fetch') on any failure. */
  readonly fetchList: (url: string) => Promise<string>;
  readonly archive: ListArchive;
  readonly log: Logger;
  readonly now?: () => Date;
  /**
   * Where the signatures are checked and the anchors read: by default one worker thread, started on the first
   * list (WorkerListVerifier), so a refresh never holds core's event loop.
   */
  readonly verifier?: ListVerifier;
}

/** What one refresh did, per list: for logs, the readiness detail and the bench. */
export interface ListOutcome {
  readonly url: string;
  readonly source: string;
  /** `fetched`: fetched and verified now; `kept`: the fetch or check failed and the last good copy served; `failed`: nothing usable. */
  readonly result: 'fetched' | 'kept' | 'failed';
  readonly error?: string;
  /** The list's TSLSequenceNumber / LoTESequenceNumber, when it has one. */
  readonly sequenceNumber?: number;
  readonly nextUpdate?: Date;
  readonly anchors: number;
}

export interface RefreshReport {
  readonly ok: boolean;
  readonly lists: readonly ListOutcome[];
  readonly anchors: number;
  readonly ms: number;
}

interface UsedList {
  readonly services: readonly ListedService[];
  readonly nextUpdate: Date | undefined;
  readonly fetchedAt: Date;
}

/**
 * The trusted lists as one IssuerTrust: `current()` answers from an immutable snapshot that `refresh()`
 * rebuilds off to the side and swaps in whole, so a refresh never blocks or half-updates a verification. The
 * parsing and signature checks run on the verification thread (list-verifier.ts); this thread only fetches,
 * persists and swaps. Every list is verified each time it is used, including the persisted copies loaded at boot: a copy whose
 * signature does not verify (with the signers the current LOTL names) is never used.
 */
export class TrustedLists implements IssuerTrust {
  private snapshot: IssuerTrustSnapshot | undefined;
  private readonly lastGood = new Map<string, StoredList>();
  /** Sequence number of the last copy of each list URL that verified: a lower one is a replay (refused). */
  private readonly lastSequence = new Map<string, number>();
  private readonly verifier: ListVerifier;
  /** The byte arrays of the anchors in the snapshot in use, by their bytes (see build()). */
  private anchorBytes = new Map<string, Uint8Array>();
  private running: Promise<RefreshReport> | undefined;
  private lastReport: RefreshReport | undefined;
  private readonly now: () => Date;
  private readonly o: TrustedListsOptions;

  constructor(o: TrustedListsOptions) {
    this.o = o;
    this.now = o.now ?? (() => new Date());
    this.verifier = o.verifier ?? new WorkerListVerifier();
    if (!o.lotl && !o.lote?.urls.length) {
      // Only the deployment's own anchors: usable at once, and with no list there is nothing to go stale.
      this.snapshot = Object.freeze({ anchors: Object.freeze(this.configAnchors()), loadedAt: this.now(), nextUpdate: undefined });
    }
  }

  /** True when a list source is configured, so refresh() has work to do. */
  get hasLists(): boolean {
    return Boolean(this.o.lotl || this.o.lote?.urls.length);
  }

  current(now: Date): IssuerTrustSnapshot {
    const s = this.snapshot;
    if (!s) throw new AppError('WALLET_TRUST_LIST_UNAVAILABLE');
    if (s.nextUpdate && now.getTime() > s.nextUpdate.getTime())
      throw new AppError('WALLET_TRUST_LIST_STALE', { details: { nextUpdate: s.nextUpdate.toISOString() } });
    return s;
  }

  /** For readiness and operators: loaded or not, stale or not, and what the last refresh did. */
  state(now: Date = this.now()): { loaded: boolean; stale: boolean; nextUpdate: Date | undefined; anchors: number; lastRefresh: RefreshReport | undefined } {
    const s = this.snapshot;
    return {
      loaded: Boolean(s),
      stale: Boolean(s?.nextUpdate && now.getTime() > s.nextUpdate.getTime()),
      nextUpdate: s?.nextUpdate,
      anchors: s?.anchors.length ?? 0,
      lastRefresh: this.lastReport,
    };
  }

  /** Boot: serve the persisted copies (re-verified) until the first network refresh lands. */
  async loadPersisted(): Promise<RefreshReport> {
    for (const list of await this.o.archive.loadAll()) this.lastGood.set(list.url, list);
    return this.refresh({ offline: true });
  }

  /** Ends the verification thread (core's shutdown, after the last refresh); the snapshot keeps answering. */
  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    await this.verifier.close();
  }

  /** Fetches, verifies and swaps in a new snapshot; concurrent calls share one run. */
  refresh(opts: { offline?: boolean } = {}): Promise<RefreshReport> {
    this.running ??= this.build(opts.offline ?? false).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private configAnchors(): IssuerTrustAnchor[] {
    const a = this.o.anchors;
    if (!a) return [];
    return a.certificates.map((certificateDer) =>
      Object.freeze({ certificateDer, source: `config:${a.file}`, serviceType: 'config', status: 'granted' as const, scope: 'any' as const }),
    );
  }

  private async build(offline: boolean): Promise<RefreshReport> {
    const started = performance.now();
    const outcomes: ListOutcome[] = [];
    const anchors: IssuerTrustAnchor[] = this.configAnchors();
    const used: UsedList[] = [];
    let rootsOk = true;

    // A certificate already in the snapshot in use keeps its byte array: the mdoc verifier caches each anchor's
    // parsed certificate by that array, so an unchanged list costs no re-parsing after the swap (1,000 anchors
    // parsed at once held the event loop for up to 1.3 s in the bench, undoing what the verification thread saves).
    const interned = new Map<string, Uint8Array>();
    const intern = (der: Uint8Array): Uint8Array => {
      const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('latin1');
      const kept = interned.get(key) ?? this.anchorBytes.get(key) ?? der;
      interned.set(key, kept);
      return kept;
    };
    const take = (source: string, list: UsedList) => {
      used.push(list);
      for (const s of list.services)
        for (const der of s.certificates)
          anchors.push(
            Object.freeze({
              certificateDer: intern(der),
              source,
              serviceType: s.serviceType,
              status: s.status,
              scope: ISSUER_SERVICE_TYPES[s.serviceType] ?? 'any',
            }),
          );
    };

    if (this.o.lotl) {
      const lotl = await this.obtain(this.o.lotl.url, 'tsl', this.o.lotl.signers, offline, 'lotl', outcomes);
      if (!lotl) rootsOk = false;
      else {
        const parsed = lotl.parsed;
        used.push({ services: [], nextUpdate: lotl.nextUpdate, fetchedAt: lotl.fetchedAt });
        // National lists are independent: fetch them side by side; one failing never blocks the others.
        const nationals = await Promise.all(
          parsed.pointers.map(async (p) => {
            const source = `lotl:${p.territory ?? p.location}`;
            return { source, got: await this.obtain(p.location, 'tsl', p.signers, offline, source, outcomes) };
          }),
        );
        for (const { source, got } of nationals) if (got) take(source, { services: got.parsed.services, nextUpdate: got.nextUpdate, fetchedAt: got.fetchedAt });
      }
    }
    for (const url of this.o.lote?.urls ?? []) {
      const source = `119602:${url}`;
      const got = await this.obtain(url, 'lote', this.o.lote!.signers, offline, source, outcomes);
      if (!got) rootsOk = false;
      else take(source, { services: got.parsed.services, nextUpdate: got.nextUpdate, fetchedAt: got.fetchedAt });
    }

    const anyList = used.length > 0;
    if (anyList) {
      const nextUpdates = used.map((u) => u.nextUpdate).filter((d): d is Date => d !== undefined);
      this.snapshot = Object.freeze({
        anchors: Object.freeze(anchors),
        loadedAt: new Date(Math.max(...used.map((u) => u.fetchedAt.getTime()))),
        nextUpdate: nextUpdates.length ? new Date(Math.min(...nextUpdates.map((d) => d.getTime()))) : undefined,
      });
      this.anchorBytes = interned;
    }
    const report: RefreshReport = {
      ok: rootsOk && outcomes.every((o) => o.result === 'fetched'),
      lists: outcomes,
      anchors: this.snapshot?.anchors.length ?? 0,
      ms: performance.now() - started,
    };
    this.lastReport = report;
    observeRefresh(report.ok, report.ms);
    const summary = outcomes.map((o) => ({
      source: o.source,
      result: o.result,
      error: o.error,
      sequenceNumber: o.sequenceNumber,
      nextUpdate: o.nextUpdate?.toISOString(),
      anchors: o.anchors,
    }));
    if (report.ok) this.o.log.info({ offline, anchors: report.anchors, ms: Math.round(report.ms), lists: summary }, 'trusted lists refreshed');
    else
      this.o.log.warn(
        { offline, anchors: report.anchors, ms: Math.round(report.ms), lists: summary, nextUpdate: this.snapshot?.nextUpdate?.toISOString() },
        'trusted lists refresh incomplete; last good copies kept',
      );
    return report;
  }

  /**
   * One list: fetched and verified now, else the last good copy verified again, else nothing. A fetched
   * copy is persisted only after its signature verified, it parsed and its sequence number is not lower than
   * the last good copy's (a validly signed older list is a replay: refused, the last good copy kept).
   */
  private async obtain(
    url: string,
    kind: 'tsl' | 'lote',
    signers: readonly Uint8Array[],
    offline: boolean,
    source: string,
    outcomes: ListOutcome[],
  ): Promise<{ parsed: VerifiedList; nextUpdate: Date | undefined; fetchedAt: Date } | undefined> {
    let error: string | undefined;
    const failed = (err: unknown) => {
      countListFailure(failureOf(err));
      return describe(err);
    };
    if (!offline) {
      try {
        const body = await this.o.fetchList(url);
        const parsed = await this.check(kind, body, signers);
        await this.refuseRollback(url, kind, body, signers, parsed.sequenceNumber);
        const stored: StoredList = { url, kind, body, fetchedAt: this.now(), nextUpdate: parsed.nextUpdate };
        this.lastGood.set(url, stored);
        this.remember(url, parsed.sequenceNumber);
        try {
          await this.o.archive.save(stored);
        } catch (err) {
          this.o.log.warn({ err, url }, 'could not persist a verified trusted list; it is served from memory');
        }
        outcomes.push({
          url,
          source,
          result: 'fetched',
          sequenceNumber: parsed.sequenceNumber,
          nextUpdate: parsed.nextUpdate,
          anchors: countCerts(parsed.services),
        });
        return { parsed, nextUpdate: parsed.nextUpdate, fetchedAt: stored.fetchedAt };
      } catch (err) {
        error = failed(err);
      }
    }
    const kept = this.lastGood.get(url);
    if (kept && kept.kind === kind) {
      try {
        const parsed = await this.check(kind, kept.body, signers);
        this.remember(url, parsed.sequenceNumber);
        outcomes.push({
          url,
          source,
          result: 'kept',
          error,
          sequenceNumber: parsed.sequenceNumber,
          nextUpdate: parsed.nextUpdate,
          anchors: countCerts(parsed.services),
        });
        return { parsed, nextUpdate: parsed.nextUpdate, fetchedAt: kept.fetchedAt };
      } catch (err) {
        error = `${error ? `${error}; ` : ''}last good copy refused: ${failed(err)}`;
      }
    }
    outcomes.push({ url, source, result: 'failed', error: error ?? 'no copy', anchors: 0 });
    return undefined;
  }

  /**
   * TS 119 612 clause 5.3.3 (and TS 119 602 for LoTESequenceNumber): the number rises with each publication.
   * The floor is the last copy of this URL that verified; a persisted copy not verified yet in this process
   * (a refresh before loadPersisted) is verified once to learn it. A list without a number cannot be compared
   * and is not refused for it.
   */
  private async refuseRollback(url: string, kind: 'tsl' | 'lote', body: string, signers: readonly Uint8Array[], sequence: number | undefined): Promise<void> {
    if (sequence === undefined) return;
    let floor = this.lastSequence.get(url);
    const kept = this.lastGood.get(url);
    if (floor === undefined && kept && kept.kind === kind && kept.body !== body) {
      floor = await this.check(kind, kept.body, signers).then(
        (k) => k.sequenceNumber,
        () => undefined, // a copy that no longer verifies is no floor
      );
      this.remember(url, floor);
    }
    if (floor !== undefined && sequence < floor)
      throw new TrustListError(
        'rollback',
        `${kind === 'tsl' ? 'TSLSequenceNumber' : 'LoTESequenceNumber'} ${sequence} is lower than the last good copy's ${floor}: an older list replayed`,
      );
  }

  private remember(url: string, sequence: number | undefined): void {
    if (sequence !== undefined) this.lastSequence.set(url, Math.max(sequence, this.lastSequence.get(url) ?? 0));
  }

  private check(kind: 'tsl' | 'lote', body: string, signers: readonly Uint8Array[]): Promise<VerifiedList> {
    return this.verifier.verify({ kind, body, signers });
  }
}

function countCerts(services: readonly ListedService[]): number {
  return services.reduce((n, s) => n + s.certificates.length, 0);
}

function failureOf(err: unknown): TrustListFailure {
  return err instanceof TrustListError ? err.failure : 'malformed';
}

function describe(err: unknown): string {
  if (err instanceof TrustListError) return `${err.failure}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
