import { ipv4ToNumber, ipv6Words, unmapIpv4 } from '../lib/ip-address.ts';

interface Range {
  start: bigint;
  end: bigint;
  country: string;
}

/** An IPv4 or IPv6 address as a number; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipToNumber(ip: string): { v: 4 | 6; n: bigint } | undefined {
  const address = unmapIpv4(ip);
  const v4 = ipv4ToNumber(address);
  if (v4 !== undefined) return { v: 4, n: BigInt(v4) };
  const words = ipv6Words(address);
  return words ? { v: 6, n: words.reduce((acc, g) => (acc << 16n) + BigInt(g), 0n) } : undefined;
}

/**
 * The local IP-to-country database (IP_COUNTRY_DB; docs/decisions/path-selection.md): a CSV of
 * `start,end,country` rows, addresses written as IPv4/IPv6 text or as decimal integers (the
 * layout of the common free databases). Lookups are a binary search; nothing leaves the host.
 */
export class IpCountryTable {
  private readonly v4: Range[];
  private readonly v6: Range[];

  private constructor(v4: Range[], v6: Range[]) {
    this.v4 = v4;
    this.v6 = v6;
  }

  static fromCsv(text: string): IpCountryTable {
    const v4: Range[] = [];
    const v6: Range[] = [];
    for (const line of text.split(/\r?\n/)) {
      const cols = line.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
      if (cols.length < 3 || line.startsWith('#')) continue;
      const start = boundOf(cols[0]);
      const end = boundOf(cols[1]);
      const country = cols[2].toUpperCase();
      if (!start || !end || !/^[A-Z]{2}$/.test(country) || country === 'ZZ' || country === '--') continue;
      (start.v === 4 && end.v === 4 ? v4 : v6).push({ start: start.n, end: end.n, country });
    }
    const byStart = (a: Range, b: Range) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);
    return new IpCountryTable(v4.sort(byStart), v6.sort(byStart));
  }

  get size(): number {
    return this.v4.length + this.v6.length;
  }

  /** Alpha-2 country of an address; null when unknown or not an address. */
  lookup(ip: string | undefined): string | null {
    const addr = ip ? ipToNumber(ip) : undefined;
    if (!addr) return null;
    const ranges = addr.v === 4 ? this.v4 : this.v6;
    let lo = 0;
    let hi = ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid].start > addr.n) hi = mid - 1;
      else lo = mid + 1;
    }
    const candidate = ranges[hi];
    return candidate && addr.n <= candidate.end ? candidate.country : null;
  }
}

/** A range bound: an address, or a decimal integer (IPv4 when it fits in 32 bits). */
function boundOf(text: string): { v: 4 | 6; n: bigint } | undefined {
  if (/^\d+$/.test(text)) {
    const n = BigInt(text);
    return { v: n <= 0xffffffffn ? 4 : 6, n };
  }
  return ipToNumber(text);
}
