import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { appError } from '@idgate/protos';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS resolution seam (tests inject a fake resolver to simulate rebinding). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Private, loopback, link-local (cloud metadata 169.254.169.254 included), CGNAT, reserved (C-WH-11). */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** True when the address must never be a webhook target in production. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped.length === 2 ? mapped[1] : hexPairToIpv4(mapped[1], mapped[2]), 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function hexPairToIpv4(hi: string, lo: string): string {
  const a = Number.parseInt(hi, 16);
  const b = Number.parseInt(lo, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Shape rules of an endpoint URL: https; http only for localhost outside production
 * (spec §2.1 applies the same rule to callbacks); no credentials; at most 2048 characters.
 */
export function parseEndpointUrl(raw: string, production: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw appError('WEBHOOK_URL_INVALID');
  }
  const httpAllowed = !production && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (raw.length > 2048 || url.username || url.password || (url.protocol !== 'https:' && !httpAllowed)) throw appError('WEBHOOK_URL_INVALID');
  return url;
}

/**
 * Resolves `hostname` and refuses it when ANY address is internal (a name with one public and
 * one private record is refused: the connection could pick either).
 */
export async function resolvePublic(hostname: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(bare);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: bare, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(bare);
    } catch {
      throw appError('WEBHOOK_URL_UNRESOLVABLE');
    }
  }
  if (addresses.length === 0) throw appError('WEBHOOK_URL_UNRESOLVABLE');
  if (addresses.some((a) => isForbiddenAddress(a.address))) throw appError('WEBHOOK_URL_FORBIDDEN');
  return addresses;
}

/**
 * A `lookup` for http(s).request that re-checks DNS at send time and hands the socket only
 * the addresses it checked (no second resolution an attacker could rebind in between).
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) return callback(Object.assign(new Error('no address of the requested family'), { code: 'ENOTFOUND' }), '', 4);
        if (options.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (err: { code?: string }) =>
        callback(Object.assign(new Error('webhook target refused'), { code: err.code === 'WEBHOOK_URL_FORBIDDEN' ? 'ESSRF' : 'ENOTFOUND' }), '', 4),
    );
  };
}
