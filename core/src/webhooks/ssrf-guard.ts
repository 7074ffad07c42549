import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { appError } from '@idgate/protos';
import { isForbiddenAddress } from './address-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS resolution seam (tests inject a fake resolver to simulate rebinding). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

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

/**
 * Why the policy refused an attempt, recorded as the attempt's error: `url_refused` when the URL
 * breaks the shape rules in force (a URL stored under development rules, then run in production),
 * `ssrf_blocked` when its host is, or resolves to, an internal address.
 */
export type TargetRefusal = 'url_refused' | 'ssrf_blocked';

/** The URL policy as the delivery client applies it to every attempt (C-WH-11). */
export interface TargetPolicy {
  /** Checks made before any socket opens; undefined when the attempt may go ahead. */
  refuse(rawUrl: string): TargetRefusal | undefined;
  /** The socket's DNS lookup: in production it hands the socket only checked addresses. */
  lookup?: LookupFunction;
}

/**
 * The registration rules again, at send time. A host that is an IP literal is judged here: a
 * socket given a literal never calls its `lookup`, so the DNS check below would not see it. A
 * host name is judged by guardedLookup when the socket resolves it.
 */
export function targetPolicy(production: boolean, resolve: Resolver): TargetPolicy {
  return {
    refuse(rawUrl) {
      let url: URL;
      try {
        url = parseEndpointUrl(rawUrl, production);
      } catch {
        return 'url_refused';
      }
      if (!production) return undefined;
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      return isIP(host) && isForbiddenAddress(host) ? 'ssrf_blocked' : undefined;
    },
    ...(production ? { lookup: guardedLookup(resolve) } : {}),
  };
}
