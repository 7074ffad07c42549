import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_COUNTRY_PACKAGE, openCountryDatabase } from './ip-country-database.ts';

const corePackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const dir = mkdtempSync(join(tmpdir(), 'idgate-ip-country-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the IP-to-country database', () => {
  const bundled = openCountryDatabase(undefined);

  it('ip_country by default: the bundled package answers public IPv4 and IPv6 addresses', () => {
    expect(bundled.lookup('8.8.8.8')).toBe('US');
    expect(bundled.lookup('211.234.0.1')).toBe('KR');
    expect(bundled.lookup('2003:e0::1')).toBe('DE'); // Deutsche Telekom
    expect(bundled.lookup('240e::1')).toBe('CN'); // China Telecom
    // As a dual-stack socket reports an IPv4 peer.
    expect(bundled.lookup('::ffff:8.8.8.8')).toBe('US');
  });

  it('answers null for private, loopback and non-addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1', 'fe80::1%eth0', 'not-an-ip', '', undefined]) expect(bundled.lookup(ip), String(ip)).toBeNull();
  });

  it('names the pinned package version and the build time of its data', () => {
    expect(corePackage.dependencies[DEFAULT_COUNTRY_PACKAGE]).toBe(bundled.info.version);
    expect(bundled.info).toMatchObject({ source: 'package', format: 'mmdb' });
    expect(Date.parse(bundled.info.built)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('IP_COUNTRY_DB: an .mmdb file is read as MaxMind DB whatever its name, with its digest as version', () => {
    const file = join(dir, 'newer-country-data.bin');
    copyFileSync(bundled.info.path, file);
    const db = openCountryDatabase(file);
    expect(db.info).toMatchObject({ source: 'file', format: 'mmdb', version: expect.stringMatching(/^sha256:[0-9a-f]{12}$/), path: file });
    expect([db.lookup('8.8.8.8'), db.lookup('2003:e0::1')]).toEqual(['US', 'DE']);
  });

  it('IP_COUNTRY_DB: the CSV format keeps working', () => {
    const file = join(dir, 'ranges.csv');
    writeFileSync(file, '# start,end,country\n81.0.0.0,81.255.255.255,DE\n2001:db8::,2001:db8::ffff,FR\n');
    const db = openCountryDatabase(file);
    expect(db.info).toMatchObject({ source: 'file', format: 'csv', built: '' });
    expect([db.lookup('81.2.3.4'), db.lookup('2001:db8::5'), db.lookup('8.8.8.8')]).toEqual(['DE', 'FR', null]);
  });

  it('IP_COUNTRY_DB=off: no lookup, every country unknown', () => {
    const db = openCountryDatabase('off');
    expect(db.info).toMatchObject({ source: 'off', format: 'none' });
    expect(db.lookup('8.8.8.8')).toBeNull();
  });

  it('a file that is missing, or neither format, stops start-up naming the variable', () => {
    const junk = join(dir, 'junk.txt');
    writeFileSync(junk, 'hello\n');
    expect(() => openCountryDatabase(join(dir, 'absent.mmdb'))).toThrow(/^IP_COUNTRY_DB: cannot read/);
    expect(() => openCountryDatabase(junk)).toThrow(/^IP_COUNTRY_DB: .* neither a MaxMind DB file nor a CSV/);
  });
});
