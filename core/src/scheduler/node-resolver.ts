import { isIPv6 } from 'node:net';
import { lookup, resolve4, resolve6 } from 'node:dns/promises';

/** Resolves a host name to IP addresses (every A and AAAA record). */
export type HostResolver = (host: string) => Promise<string[]>;

/**
 * A records (a Kubernetes headless service answers one per ready pod), else AAAA records (an
 * IPv6-only cluster): not both, or a dual-stack pod would count as two nodes. Names that only
 * /etc/hosts knows (localhost, compose aliases) fall back to the system resolver, IPv4 first.
 */
export const dnsResolver: HostResolver = async (host) => {
  for (const resolve of [resolve4, resolve6]) {
    const records = await resolve(host).catch(() => [] as string[]);
    if (records.length) return records;
  }
  const all = await lookup(host, { all: true });
  const v4 = all.filter((a) => a.family === 4);
  return (v4.length ? v4 : all).map((a) => a.address);
};

/** `ip:port`, with an IPv6 address in brackets as gRPC targets want it. */
function hostPort(ip: string, port: string): string {
  return isIPv6(ip) ? `[${ip}]:${port}` : `${ip}:${port}`;
}

const DNS_PREFIX = 'dns:///';

/** Whether a configured node entry names a service to resolve (`dns:///name:port`). */
export function isDnsTarget(entry: string): boolean {
  return entry.startsWith(DNS_PREFIX);
}

function splitHostPort(target: string): { host: string; port: string } {
  const colon = target.lastIndexOf(':');
  if (colon <= 0) throw new Error(`inference node "${target}" must be host:port`);
  return { host: target.slice(0, colon), port: target.slice(colon + 1) };
}

/**
 * Expands the configured entries (INFERENCE_NODES) to concrete host:port addresses: plain
 * entries as they are, `dns:///name:port` to one address per A or AAAA record. A name that does not
 * resolve contributes nothing this round (the next round tries again).
 */
export async function resolveNodes(entries: readonly string[], resolver: HostResolver): Promise<string[]> {
  const out = new Set<string>();
  for (const entry of entries) {
    if (!isDnsTarget(entry)) {
      out.add(entry);
      continue;
    }
    const { host, port } = splitHostPort(entry.slice(DNS_PREFIX.length));
    const ips = await resolver(host).catch(() => []);
    for (const ip of ips) out.add(hostPort(ip, port));
  }
  return [...out];
}
