import { loadIndexData, type LoadOptions } from './data/load-dataset.ts';
import { ScreeningRefreshError, ScreeningUnavailableError } from './errors.ts';
import type { IndexData } from './index/index-data.ts';
import { ScreeningIndex } from './index/screening-index.ts';
import { prepareQuery } from './query.ts';
import { screenIndex } from './screen.ts';
import type { ScreenOptions, ScreeningHit, ScreeningLogger, ScreeningQuery, ScreeningStatus } from './types.ts';

export interface ScreeningEngineOptions extends LoadOptions {
  now?: () => Date;
  logger?: ScreeningLogger;
  /**
   * A new list with fewer persons than this share of the current one is rejected as a probable
   * truncated or wrong download (default 0.5; 0 disables the check).
   */
  minRetainedRatio?: number;
  /** Test seam: how an index is built from a source (default: stream and build in-process). */
  loadIndex?: (source: string | readonly string[], options: LoadOptions) => Promise<IndexData>;
}

const silent: ScreeningLogger = { info() {}, warn() {}, error() {} };

/**
 * A failure's description without personal data. Our own errors never quote data; JSON parse
 * errors would quote the line, so a SyntaxError is reduced to its class; IO, zlib and fetch
 * errors describe the transport only.
 */
function safeMessage(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  if (err instanceof ScreeningRefreshError || err.name === 'DatasetSourceError') return err.message;
  if (err instanceof SyntaxError) return 'SyntaxError';
  const code = 'code' in err && typeof err.code === 'string' ? ` ${err.code}` : '';
  return `${err.name}${code}: ${err.message.slice(0, 200)}`;
}

/**
 * Holds the current screening index and answers queries against it. `refresh` builds a new index
 * beside the current one and swaps the reference only when the build succeeded, so queries
 * never see a partial list and a failed refresh leaves the old one serving (docs/screening.md, "The list").
 */
export class ScreeningEngine {
  private current: ScreeningIndex | null = null;
  private inflight: Promise<void> | null = null;
  private lastRefreshAt: Date | null = null;
  private lastError: string | null = null;
  private failures = 0;
  private readonly now: () => Date;
  private readonly logger: ScreeningLogger;
  private readonly options: ScreeningEngineOptions;

  constructor(options: ScreeningEngineOptions = {}) {
    this.options = options;
    this.now = options.now ?? (() => new Date());
    this.logger = options.logger ?? silent;
  }

  /** Failed refreshes since start; export as a counter and alert when it grows. */
  get refreshFailures(): number {
    return this.failures;
  }

  get ready(): boolean {
    return this.current !== null;
  }

  /** Hits at or above the threshold, best first. Synchronous: one query sees one index. */
  screen(query: ScreeningQuery, options: ScreenOptions = {}): ScreeningHit[] {
    const index = this.current;
    if (!index) throw new ScreeningUnavailableError();
    return screenIndex(index, prepareQuery(query), options);
  }

  /** Size of the serving index, for capacity dashboards and the benchmark. */
  indexStats(): { personCount: number; nameCount: number; vocabulary: number; entityCount: number } {
    const data = this.current?.data;
    if (!data) return { personCount: 0, nameCount: 0, vocabulary: 0, entityCount: 0 };
    return { personCount: data.meta.personCount, nameCount: data.meta.nameCount, vocabulary: data.vocab.length, entityCount: data.meta.entityCount };
  }

  status(): ScreeningStatus {
    const meta = this.current?.meta;
    return {
      version: meta?.version ?? null,
      entityCount: meta?.entityCount ?? 0,
      personCount: meta?.personCount ?? 0,
      lastRefreshAt: this.lastRefreshAt?.toISOString() ?? null,
      lastError: this.lastError,
      refreshFailures: this.failures,
    };
  }

  /**
   * Loads the source (file, folder of entity files, or http(s) URL; or several) into a new index
   * and swaps it in. Concurrent calls share the running refresh. Rejects with ScreeningRefreshError
   * on failure, after counting it; the previous index keeps serving.
   */
  refresh(source: string | readonly string[]): Promise<void> {
    this.inflight ??= this.runRefresh(source).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async runRefresh(source: string | readonly string[]): Promise<void> {
    const started = this.now();
    try {
      const load = this.options.loadIndex ?? loadIndexData;
      const data = await load(source, { fetch: this.options.fetch });
      this.checkRetained(data);
      this.current = new ScreeningIndex(data, this.now());
      this.lastRefreshAt = this.now();
      this.lastError = null;
      const { version, entityCount, personCount, nameCount } = data.meta;
      this.logger.info({ version, entityCount, personCount, nameCount, ms: this.now().getTime() - started.getTime() }, 'screening list refreshed');
    } catch (err) {
      this.failures++;
      this.lastError = safeMessage(err);
      this.logger.error({ err: this.lastError, refreshFailures: this.failures }, 'screening list refresh failed; previous list kept');
      throw err instanceof ScreeningRefreshError ? err : new ScreeningRefreshError(this.lastError, { cause: err });
    }
  }

  private checkRetained(data: IndexData): void {
    const ratio = this.options.minRetainedRatio ?? 0.5;
    const previous = this.current?.meta.personCount ?? 0;
    if (ratio > 0 && previous > 0 && data.meta.personCount < previous * ratio) {
      throw new ScreeningRefreshError(`new list has ${data.meta.personCount} persons, under ${ratio} of the current ${previous}`);
    }
  }
}
