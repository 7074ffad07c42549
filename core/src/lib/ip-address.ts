import { isIPv4, isIPv6 } from 'node:net';

/** A dotted-quad IPv4 address as an unsigned 32-bit number; undefined when it is not one. */
export function ipv4ToNumber(text: string): number | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** An unsigned 32-bit number as a dotted-quad IPv4 address. */
export function numberToIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/**
 * The eight 16-bit words of an IPv6 address, in any of its text forms: compressed (`::`), with a
 * dotted IPv4 tail (`::ffff:127.0.0.1`) or with a zone (`fe80::1%eth0`, the zone dropped).
 * Undefined when the text is not an IPv6 address.
 */
export function ipv6Words(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  let rest = text.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  if (tail) {
    const n = ipv4ToNumber(tail[1]) ?? 0;
    rest = `${rest.slice(0, tail.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, after] = rest.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  if (after === undefined) return left;
  const right = parse(after);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address held by two 16-bit words (high, low). */
export function wordsToIpv4(high: number, low: number): string {
  return numberToIpv4(((high << 16) | low) >>> 0);
}

/** `::ffff:a.b.c.d` (how a dual-stack socket reports an IPv4 peer) as `a.b.c.d`; any other text as it is. */
export function unmapIpv4(address: string): string {
  const words = ipv6Words(address);
  if (!words || words.slice(0, 5).some((w) => w !== 0) || words[5] !== 0xffff) return address;
  return wordsToIpv4(words[6], words[7]);
}
