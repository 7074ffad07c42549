import { isIPv4, isIPv6 } from 'node:net';

interface Range {
  start: bigint;
  end: bigint;
  country: string;
}

/** An IPv4 or IPv6 address as a number; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function ipToNumber(ip: string): { v: 4 | 6; n: bigint } | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return ipToNumber(mapped[1]);
  if (isIPv4(ip)) return { v: 4, n: ip.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n) };
  if (!isIPv6(ip)) return undefined;
  return { v: 6, n: ipv6Groups(ip).reduce((acc, g) => (acc << 16n) + BigInt(g), 0n) };
}

function ipv6Groups(ip: string): number[] {
  let text = ip.replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = Number(ipToNumber(v4[1])?.n ?? 0n);
    text = text.slice(0, v4.index) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
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
