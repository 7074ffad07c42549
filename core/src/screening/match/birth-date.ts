/**
 * Birth dates as integers yyyymmdd with 00 for an unknown month or day (FtM dates are often
 * just a year), and the score adjustment a query date earns against a list entry's dates.
 */
export const BIRTH_DATE_ADJUSTMENT = {
  /** Same full date. */
  exact: 0.05,
  /** Same year, and one side knows only the year. */
  sameYear: 0.02,
  /** Same year, day and month swapped (a classic data-entry slip). */
  daySwap: -0.05,
  /** One year apart: lists often give "circa" years. */
  nearYear: -0.08,
  /** Same year, different day or month. */
  otherDay: -0.12,
  /** Two or more years apart: likely another person with the same name. */
  otherYear: -0.2,
} as const;

const DATE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/;

/** Parses "YYYY", "YYYY-MM" or "YYYY-MM-DD" (a time part is ignored); null when unusable. */
export function encodeDate(value: string): number | null {
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : 0;
  const day = m[3] ? Number(m[3]) : 0;
  if (year < 1000 || month > 12 || day > 31) return null;
  return year * 10000 + month * 100 + (month === 0 ? 0 : day);
}

function agreement(q: number, c: number): number {
  const qy = Math.floor(q / 10000);
  const cy = Math.floor(c / 10000);
  if (qy !== cy) return Math.abs(qy - cy) === 1 ? BIRTH_DATE_ADJUSTMENT.nearYear : BIRTH_DATE_ADJUSTMENT.otherYear;
  const qm = Math.floor(q / 100) % 100;
  const cm = Math.floor(c / 100) % 100;
  const qd = q % 100;
  const cd = c % 100;
  if (qm === 0 || cm === 0) return BIRTH_DATE_ADJUSTMENT.sameYear;
  if (qd === 0 || cd === 0) return qm === cm ? BIRTH_DATE_ADJUSTMENT.sameYear : BIRTH_DATE_ADJUSTMENT.otherDay;
  if (qm === cm && qd === cd) return BIRTH_DATE_ADJUSTMENT.exact;
  if (qm === cd && qd === cm) return BIRTH_DATE_ADJUSTMENT.daySwap;
  return BIRTH_DATE_ADJUSTMENT.otherDay;
}

/** Best agreement over the candidate's dates; 0 when either side has no date. */
export function birthDateAdjustment(query: number | null, candidate: ArrayLike<number>, from = 0, to = candidate.length): number {
  if (query === null || to <= from) return 0;
  let best = -Infinity;
  for (let k = from; k < to; k++) best = Math.max(best, agreement(query, candidate[k]));
  return best;
}
