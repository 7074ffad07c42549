import { appError, type AppError, type core } from '@idgate/protos';
import { DEFAULT_MATCH_THRESHOLD, ScreeningError, ScreeningQueryInvalidError, type ScreeningEngine, type ScreeningQueryField } from './index.ts';

/** The engine's query fields as the admin API's body names them (POST /admin/v1/screening/check). */
const BODY_FIELD: Readonly<Record<ScreeningQueryField, string>> = {
  name: 'name',
  birthDate: 'birth_date',
  nationality: 'nationality',
  threshold: 'threshold',
  limit: 'limit',
};

/**
 * SCREENING_QUERY_INVALID naming the offending field, in the shape of the gateway's own
 * validation errors (`details.fields[].loc` = ['body', field]); never the value.
 */
function invalidQueryField(field: ScreeningQueryField, reason: string, cause?: unknown): AppError {
  const name = BODY_FIELD[field];
  const msg = `${name} ${reason}`;
  return appError('SCREENING_QUERY_INVALID', {
    message: `The screening query is invalid: ${msg}.`,
    details: { fields: [{ loc: ['body', name], msg, type: 'value' }] },
    cause,
  });
}

/**
 * Operator/support access to the screening engine (admin CLI and API, docs/screening.md): screen a name directly
 * and show the list's version, size and last refresh. The engine's own error codes are the
 * catalogue's SCREENING_* codes.
 */
export class ScreeningAdminService {
  private readonly engine: ScreeningEngine | undefined;

  constructor(engine: ScreeningEngine | undefined) {
    this.engine = engine;
  }

  screen(req: core.ScreenNameRequest): core.ScreenNameReply {
    if (!this.engine) throw appError('SCREENING_UNAVAILABLE', { message: 'Screening is off: SCREENING_SOURCE is not configured.' });
    const threshold = req.threshold ?? DEFAULT_MATCH_THRESHOLD;
    if (!(threshold > 0 && threshold <= 1)) throw invalidQueryField('threshold', 'must be in (0, 1]');
    try {
      const hits = this.engine.screen({ name: req.name ?? '', birthDate: req.birthDate, nationality: req.nationality }, { threshold, limit: 20 });
      return {
        threshold,
        hits: hits.map((h) => ({
          entityId: h.entityId,
          matchedName: h.matchedName,
          matchedNameLatin: h.matchedNameLatin,
          score: h.score,
          sourceLists: h.datasets,
          topics: h.topics,
        })),
      };
    } catch (err) {
      if (err instanceof ScreeningQueryInvalidError) throw invalidQueryField(err.field, err.reason, err);
      if (err instanceof ScreeningError) throw appError(err.code, { cause: err });
      throw err;
    }
  }

  status(): core.ScreeningStatusReply {
    if (!this.engine) return { enabled: false, loaded: false, entityCount: 0, personCount: 0, refreshFailures: 0 };
    const s = this.engine.status();
    return {
      enabled: true,
      loaded: this.engine.ready,
      version: s.version ?? undefined,
      entityCount: s.entityCount,
      personCount: s.personCount,
      lastRefreshAt: s.lastRefreshAt ?? undefined,
      lastError: s.lastError ?? undefined,
      refreshFailures: s.refreshFailures,
    };
  }
}
