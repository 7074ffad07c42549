/** MRZ dates are YYMMDD; ISO dates here are YYYY-MM-DD strings (UTC calendar, no time). */

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const iso = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function split(yymmdd: string): { yy: number; mm: number; dd: number } | undefined {
  if (!/^[0-9]{6}$/.test(yymmdd)) return undefined;
  return { yy: Number(yymmdd.slice(0, 2)), mm: Number(yymmdd.slice(2, 4)), dd: Number(yymmdd.slice(4, 6)) };
}

/**
 * Expiry date: documents are valid for at most a few decades, so the century is the one that puts
 * the date closest to `today` (within 50 years either side).
 */
export function resolveExpiryDate(yymmdd: string, today: string): string | undefined {
  const parts = split(yymmdd);
  if (!parts) return undefined;
  const nowYear = Number(today.slice(0, 4));
  let year = Math.floor(nowYear / 100) * 100 + parts.yy;
  if (year > nowYear + 50) year -= 100;
  else if (year < nowYear - 50) year += 100;
  return isCalendarDate(year, parts.mm, parts.dd) ? iso(year, parts.mm, parts.dd) : undefined;
}

/**
 * Birth date: the latest century that puts the date on or before both today and the expiry date
 * (a holder cannot be born after the document expires). Two-digit years are ambiguous for people
 * over 100: a 1911 birth reads as 2011 when the document expired after 2011 (Czech specimen).
 */
export function resolveBirthDate(yymmdd: string, today: string, expiry?: string): string | undefined {
  const parts = split(yymmdd);
  if (!parts) return undefined;
  const limit = expiry && expiry < today ? expiry : today;
  let year = Math.floor(Number(limit.slice(0, 4)) / 100) * 100 + parts.yy;
  if (iso(year, parts.mm, parts.dd) > limit) year -= 100;
  return isCalendarDate(year, parts.mm, parts.dd) ? iso(year, parts.mm, parts.dd) : undefined;
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
