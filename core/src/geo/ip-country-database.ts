import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { IpCountryTable } from './ip-country.ts';
import { isMmdb, MmdbCountryTable } from './ip-country-mmdb.ts';

export type CountryLookup = (ip: string | undefined) => string | null;

/**
 * The database idgate uses when IP_COUNTRY_DB is unset: ip-location-db's GeoFeed + WHOIS + ASN
 * country database (CC0 package; data from the five RIRs under CC BY 4.0, attribution to NRO),
 * IPv4 and IPv6 in one MaxMind DB file. Its version is the package's, pinned in core/package.json:
 * upgrading the package updates the data.
 */
export const DEFAULT_COUNTRY_PACKAGE = '@ip-location-db/geo-whois-asn-country-mmdb';
const DEFAULT_COUNTRY_FILE = 'geo-whois-asn-country.mmdb';

/** Which database answers ip_country, for the start-up log and the info metric. */
export interface CountryDatabaseInfo {
  /** `package`: the bundled default; `file`: IP_COUNTRY_DB; `off`: IP_COUNTRY_DB=off. */
  source: 'package' | 'file' | 'off';
  format: 'mmdb' | 'csv' | 'none';
  /** The package's version, or `sha256:` and the first 12 hex digits of the file's digest. */
  version: string;
  /** When the data was built (MaxMind DB metadata), ISO 8601; empty for a CSV. */
  built: string;
  path: string;
}

export interface CountryDatabase {
  info: CountryDatabaseInfo;
  lookup: CountryLookup;
}

/**
 * Opens the IP-to-country database IP_COUNTRY_DB names (docs/decisions/path-selection.md): unset,
 * the bundled package; `off`, none (every country unknown); otherwise a file, in MaxMind DB format
 * (recognised by its metadata marker, whatever its name) or the `start,end,country` CSV. A file
 * that cannot be read, or a CSV without a range, throws naming the variable.
 */
export function openCountryDatabase(setting: string | undefined): CountryDatabase {
  if (setting === 'off') return { info: { source: 'off', format: 'none', version: '', built: '', path: '' }, lookup: () => null };
  if (setting === undefined) return openDefault();
  const bytes = readDatabase(setting, `IP_COUNTRY_DB: cannot read ${setting}`);
  const version = `sha256:${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`;
  if (isMmdb(bytes)) return fromMmdb(bytes, { source: 'file', version, path: setting });
  const table = IpCountryTable.fromCsv(bytes.toString('utf8'));
  if (table.size === 0) throw new Error(`IP_COUNTRY_DB: ${setting} is neither a MaxMind DB file nor a CSV with a start,end,country range`);
  return { info: { source: 'file', format: 'csv', version, built: '', path: setting }, lookup: (ip) => table.lookup(ip) };
}

function openDefault(): CountryDatabase {
  const require = createRequire(import.meta.url);
  let path: string;
  let version: string;
  try {
    path = require.resolve(`${DEFAULT_COUNTRY_PACKAGE}/${DEFAULT_COUNTRY_FILE}`);
    version = (require(`${DEFAULT_COUNTRY_PACKAGE}/package.json`) as { version: string }).version;
  } catch {
    throw new Error(
      `IP_COUNTRY_DB is unset and the package ${DEFAULT_COUNTRY_PACKAGE} is not installed: run npm install, or set IP_COUNTRY_DB to a file or to off`,
    );
  }
  return fromMmdb(readDatabase(path, `cannot read the bundled IP-to-country database ${path}`), { source: 'package', version, path });
}

function fromMmdb(bytes: Buffer, info: Pick<CountryDatabaseInfo, 'source' | 'version' | 'path'>): CountryDatabase {
  let table: MmdbCountryTable;
  try {
    table = new MmdbCountryTable(bytes);
  } catch (err) {
    // eslint-disable-next-line preserve-caught-error -- a one-line startup refusal: the message carries the cause
    throw new Error(`IP_COUNTRY_DB: ${info.path} is not a readable MaxMind DB file (${(err as Error).message})`);
  }
  return { info: { ...info, format: 'mmdb', built: table.builtAt.toISOString() }, lookup: (ip) => table.lookup(ip) };
}

function readDatabase(path: string, problem: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    // eslint-disable-next-line preserve-caught-error -- a one-line startup refusal: the message carries the cause
    throw new Error(`${problem} (${(err as Error).message})`);
  }
}
