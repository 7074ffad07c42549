import { lookup, resolve4 } from 'node:dns/promises';

/** Resolves a host name to IPv4 addresses (every A record). */
export type HostResolver = (host: string) => Promise<string[]>;

/**
 * A records first (a Kubernetes headless service answers one per ready pod); names that only
 * /etc/hosts knows (localhost, compose aliases) fall back to the system resolver.
 */
export const dnsResolver: HostResolver = async (host) => {
  try {
    return await resolve4(host);
  } catch {
    const all = await lookup(host, { all: true, family: 4 });
    return all.map((a) => a.address);
  }
};

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
 * entries as they are, `dns:///name:port` to one address per A record. A name that does not
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
    for (const ip of ips) out.add(`${ip}:${port}`);
  }
  return [...out];
}
