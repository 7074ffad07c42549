import type { FastifyInstance } from 'fastify';

/**
 * The methods of every route, by URL pattern, collected as routes are added (onRoute), so the
 * not-found handler can tell a wrong method on an existing path (405 with Allow) from an
 * unknown path (404). Patterns are Fastify's: static segments, `:param` (one segment) and a
 * trailing `*`; nothing else is used by the gateway's routes.
 */
export class RouteIndex {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(url: string, method: string | string[]): void {
    let route = this.routes.get(url);
    if (!route) this.routes.set(url, (route = { pattern: toPattern(url), methods: new Set() }));
    for (const m of Array.isArray(method) ? method : [method]) route.methods.add(m.toUpperCase());
    // Fastify answers HEAD on every GET route (exposeHeadRoutes).
    if (route.methods.has('GET')) route.methods.add('HEAD');
  }

  /** Every route pattern with its methods (HEAD included for GET), in the order the routes were added. */
  list(): { url: string; methods: string[] }[] {
    return [...this.routes].map(([url, r]) => ({ url, methods: [...r.methods].sort() }));
  }

  /** The methods some route accepts on this request path, sorted; empty when no route has the path. */
  allowed(rawUrl: string): string[] {
    const path = decodePath(rawUrl.split('?')[0]);
    const out = new Set<string>();
    for (const r of this.routes.values()) if (r.pattern.test(path)) for (const m of r.methods) out.add(m);
    return [...out].sort();
  }
}

/** Registers the onRoute hook; call before any route is added. */
export function indexRoutes(app: FastifyInstance): RouteIndex {
  const index = new RouteIndex();
  app.addHook('onRoute', (route) => index.add(route.url, route.method));
  return index;
}

function toPattern(url: string): RegExp {
  const body = url
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
    .replace(/\*/g, '.*');
  return new RegExp(`^${body}$`);
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
