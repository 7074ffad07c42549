/**
 * Ages from a birth date, on the UTC calendar (docs/decisions/document-path.md): the day a session is
 * decided is the UTC date of the decision, whatever the visitor's time zone. Someone born on
 * 29 February turns a year older on 1 March in non-leap years (the common-law reading most
 * age rules follow; a document issuer's own convention is not known to us).
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD into a real calendar date; undefined for anything else (2023-02-29 too). */
export function parseIsoDate(iso: string): CalendarDate | undefined {
  const m = ISO_DATE.exec(iso);
  if (!m) return undefined;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return undefined;
  return date;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The UTC calendar date of an instant. */
export function utcDateOf(instant: Date): CalendarDate {
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
}

const ordinal = (d: CalendarDate) => d.year * 10_000 + d.month * 100 + d.day;

/** The date on which someone born on `birth` turns `years` (29 Feb → 1 Mar in non-leap years). */
export function dateTurning(birth: CalendarDate, years: number): CalendarDate {
  const year = birth.year + years;
  if (birth.month === 2 && birth.day === 29 && !isLeapYear(year)) return { year, month: 3, day: 1 };
  return { year, month: birth.month, day: birth.day };
}

/** Completed years on the calendar date `on`; negative never (0 before the first birthday). */
export function ageOn(birth: CalendarDate, on: CalendarDate): number {
  let years = on.year - birth.year;
  if (years > 0 && ordinal(dateTurning(birth, years)) > ordinal(on)) years -= 1;
  return Math.max(0, years);
}

export function toIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Midnight UTC at the start of a calendar date. */
export function startOfUtcDay(d: CalendarDate): Date {
  return new Date(Date.UTC(d.year, d.month - 1, d.day));
}
