import { BlockList, isIPv4 } from 'node:net';
import { ipv6Words, wordsToIpv4 } from '../lib/ip-address.ts';

/**
 * Which addresses a webhook may reach in production (C-WH-11): none that is private, loopback,
 * link-local (cloud metadata 169.254.169.254 included), CGNAT, multicast, reserved or set aside
 * for documentation, nor an IPv6 form that carries such an IPv4 address.
 */
const FORBIDDEN_V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN_V4.addSubnet(net, prefix, 'ipv4');

/** Native IPv6 ranges; the forms that embed an IPv4 address are judged in embeddedIpv4 instead. */
const FORBIDDEN_V6 = new BlockList();
for (const [net, prefix] of [
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): the IPv4 address may sit anywhere in it
  ['100::', 64],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN_V6.addSubnet(net, prefix, 'ipv6');

/**
 * The IPv4 addresses an IPv6 address leads to, for the forms that carry one; `refuse` for the
 * IPv4-compatible range, which is deprecated (RFC 4291 §2.5.5.1) and holds `::` and `::1`;
 * `none` for a native IPv6 address. A connection to ::ffff:127.0.0.1 is a connection to
 * 127.0.0.1, and a NAT64, 6to4 or Teredo relay forwards to the IPv4 address inside, so each is
 * judged by that address.
 */
export function embeddedIpv4(words: readonly number[]): string[] | 'refuse' | 'none' {
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  const low = () => wordsToIpv4(words[6], words[7]);
  if (zeros(0, 6)) return 'refuse'; // ::/96 IPv4-compatible
  if (zeros(0, 5) && words[5] === 0xffff) return [low()]; // ::ffff:0:0/96 IPv4-mapped
  if (zeros(0, 4) && words[4] === 0xffff && words[5] === 0) return [low()]; // ::ffff:0:0:0/96 IPv4-translated (SIIT)
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return [low()]; // 64:ff9b::/96 NAT64
  if (words[0] === 0x2002) return [wordsToIpv4(words[1], words[2])]; // 2002::/16 6to4
  // 2001::/32 Teredo: the server's address, and the client's stored inverted (RFC 4380 §4).
  if (words[0] === 0x2001 && words[1] === 0) return [wordsToIpv4(words[2], words[3]), wordsToIpv4(~words[6] & 0xffff, ~words[7] & 0xffff)];
  return 'none';
}

/** True when the address must never be a webhook target in production; anything that is not an address is refused too. */
export function isForbiddenAddress(address: string): boolean {
  if (isIPv4(address)) return FORBIDDEN_V4.check(address, 'ipv4');
  const words = ipv6Words(address);
  if (!words) return true;
  const embedded = embeddedIpv4(words);
  if (embedded === 'refuse') return true;
  if (embedded !== 'none') return embedded.some((v4) => FORBIDDEN_V4.check(v4, 'ipv4'));
  return FORBIDDEN_V6.check(words.map((w) => w.toString(16)).join(':'), 'ipv6');
}
