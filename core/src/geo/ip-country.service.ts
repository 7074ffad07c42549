import { defineGauge, type Logger } from '@idgate/platform';
import { openCountryDatabase, type CountryLookup } from './ip-country-database.ts';

export type { CountryLookup } from './ip-country-database.ts';

/**
 * Which IP-to-country database this process answers ip_country from: one series, value 1, whose
 * labels say where it came from and which version it is, so a scrape shows when the data was
 * last updated (docs/operations.md "Metrics").
 */
const databaseInfo = defineGauge({
  name: 'idgate_ip_country_database_info',
  help: 'The IP-to-country database behind ip_country (value 1): source (package, file, off), format (mmdb, csv, none), version (package version or sha256 of the file), built (build time of an mmdb)',
  labelNames: ['source', 'format', 'version', 'built'],
});

/**
 * The visitor-country lookup (IP_COUNTRY_DB, else the bundled database; read once at start, no
 * network). Logs which database was loaded and publishes it as idgate_ip_country_database_info.
 * A database that cannot be opened stops start-up, naming the variable.
 */
export function loadCountryLookup(setting: string | undefined, log: Logger): CountryLookup {
  const { info, lookup } = openCountryDatabase(setting);
  // One series: the database this process loaded last (tests start several services in one process).
  databaseInfo.reset();
  databaseInfo.set({ source: info.source, format: info.format, version: info.version, built: info.built }, 1);
  log.info({ ipCountryDatabase: info }, info.source === 'off' ? 'ip-country lookup off (IP_COUNTRY_DB=off)' : 'ip-country database loaded');
  return lookup;
}
