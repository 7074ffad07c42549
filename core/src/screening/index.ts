/**
 * Sanctions and PEP screening (docs/screening.md): loads OpenSanctions FollowTheMoney exports, indexes
 * Person entities and matches a document's name, birth date and nationality against them.
 * Everything runs in-process; no name ever leaves the service. See README.md.
 */
export { ScreeningEngine, type ScreeningEngineOptions } from './engine.ts';
export { CONTRADICTED_CAP, DEFAULT_MATCH_THRESHOLD, WEAK_ALIAS_CAP } from './screen.ts';
export { startNightlyRefresh, msUntilHourUtc, type NightlyRefresh, type NightlyRefreshOptions, type TimerHandle } from './nightly-refresh.ts';
export {
  ScreeningError,
  ScreeningQueryInvalidError,
  ScreeningRefreshError,
  ScreeningUnavailableError,
  type ScreeningErrorCode,
  type ScreeningQueryField,
} from './errors.ts';
export type { ScreenOptions, ScreeningHit, ScreeningLogger, ScreeningQuery, ScreeningStatus } from './types.ts';
export { scoreNames } from './match/score-names.ts';
export { loadIndexData } from './data/load-dataset.ts';
export type { FetchLike } from './data/line-source.ts';
