import { AGE_GATES } from '@idgate/protos';

/** The on-device and document thresholds of spec §1 (path A): +12, +15, +18, +21, +25. */
export const THRESHOLDS = AGE_GATES;
export { bracketAt } from '@idgate/protos';

/** The age claims of spec §2.6 for a bracket. */
export function ageClaims(bracket: number | null) {
  const meets = Object.fromEntries(THRESHOLDS.map((t) => [String(t), bracket !== null && bracket >= t])) as Record<'12' | '15' | '18' | '21' | '25', boolean>;
  return {
    age_verified: bracket !== null,
    verified_brackets: THRESHOLDS.filter((t) => bracket !== null && bracket >= t).map((t) => `+${t}`),
    meets_threshold: meets,
  };
}
