import { readFileSync } from 'node:fs';
import type { Logger } from '@idgate/protos';
import { IpCountryTable } from './ip-country.ts';

export type CountryLookup = (ip: string | undefined) => string | null;

/**
 * The visitor-country lookup from IP_COUNTRY_DB (a local CSV, read once at start; no network).
 * Unset: every country is unknown (null) and no restricted-country rule can fire. A file that
 * cannot be read or holds no range stops start-up, naming the variable.
 */
export function loadCountryLookup(path: string | undefined, log: Logger): CountryLookup {
  if (!path) return () => null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    // eslint-disable-next-line preserve-caught-error -- a one-line startup refusal: the message carries the cause
    throw new Error(`IP_COUNTRY_DB: cannot read ${path} (${(err as Error).message})`);
  }
  const table = IpCountryTable.fromCsv(text);
  if (table.size === 0) throw new Error(`IP_COUNTRY_DB: ${path} holds no start,end,country range`);
  log.info({ ranges: table.size }, 'ip-country database loaded');
  return (ip) => table.lookup(ip);
}
