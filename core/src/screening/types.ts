/** Public types of the screening engine (docs/screening.md). Only this file and index.ts are the API. */

export interface ScreeningQuery {
  /** Full name as read from the document, any script, any order. */
  name: string;
  /** YYYY-MM-DD or YYYY. */
  birthDate?: string;
  /** ISO 3166-1 alpha-2, either case. */
  nationality?: string;
}

export interface ScreeningHit {
  entityId: string;
  /** The list's spelling of the name that matched best. */
  matchedName: string;
  /**
   * The same name in Latin script: `matchedName` when it is Latin, else the person's Latin-script
   * name closest to the query, else `matchedName` transliterated (latin-name.ts).
   */
  matchedNameLatin: string;
  /** 0..1; see README.md "What the score and the threshold mean". */
  score: number;
  /** Source lists the entity comes from (OpenSanctions dataset names). */
  datasets: string[];
  /** FtM topics such as `sanction`, `role.pep`, `crime.terror`. */
  topics: string[];
}

export interface ScreenOptions {
  /** Most hits returned (default 10, at most 100). */
  limit?: number;
  /** Minimum score (default DEFAULT_MATCH_THRESHOLD). */
  threshold?: number;
}

export interface ScreeningStatus {
  /** Latest last_change in the data and a hash of the bytes read; null before the first load. */
  version: string | null;
  entityCount: number;
  personCount: number;
  lastRefreshAt: string | null;
  /** Why the last refresh failed (no personal data), null after a success. */
  lastError: string | null;
  /** Failed refreshes since start: the alert metric. */
  refreshFailures: number;
}

/** pino-compatible subset; the engine never passes names, dates or other personal data to it. */
export interface ScreeningLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
