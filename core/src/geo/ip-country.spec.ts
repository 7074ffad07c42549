import { describe, expect, it } from 'vitest';
import { IpCountryTable, ipToNumber } from './ip-country.ts';

const CSV = `# start,end,country
1.0.0.0,1.0.0.255,AU
16777472,16778239,CN
81.0.0.0,81.255.255.255,DE
"2001:db8::","2001:db8::ffff",FR
2a00::,2a00:ffff:ffff:ffff:ffff:ffff:ffff:ffff,GB
10.0.0.0,10.255.255.255,ZZ
garbage line
`;

describe('IpCountryTable', () => {
  const table = IpCountryTable.fromCsv(CSV);

  it('finds IPv4 ranges written as text or integers', () => {
    expect(table.lookup('1.0.0.7')).toBe('AU');
    expect(table.lookup('1.0.1.1')).toBe('CN');
    expect(table.lookup('81.2.69.160')).toBe('DE');
    expect(table.lookup('::ffff:81.2.69.160')).toBe('DE');
  });

  it('finds IPv6 ranges, compressed or not', () => {
    expect(table.lookup('2001:db8::1')).toBe('FR');
    expect(table.lookup('2001:0db8:0000:0000:0000:0000:0000:00ff')).toBe('FR');
    expect(table.lookup('2a00:1450:4001::200e')).toBe('GB');
  });

  it('answers null for unknown addresses, reserved ZZ rows and non-addresses', () => {
    expect(table.lookup('8.8.8.8')).toBeNull();
    expect(table.lookup('10.1.2.3')).toBeNull();
    expect(table.lookup('not-an-ip')).toBeNull();
    expect(table.lookup(undefined)).toBeNull();
    expect(table.size).toBe(5);
  });

  it('orders IPv6 with an embedded IPv4 tail', () => {
    expect(ipToNumber('::1.2.3.4')?.n).toBe(0x01020304n);
    expect(ipToNumber('1.2.3.4')).toEqual({ v: 4, n: 0x01020304n });
  });
});
