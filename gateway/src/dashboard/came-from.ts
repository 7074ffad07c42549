import type { FastifyRequest } from 'fastify';

/**
 * The dashboard page a form was posted from (the Referer, which the dashboard's same-origin referrer
 * policy sends), so an error page can lead back to it; undefined for anything that is not one of our
 * own dashboard pages. Only the path is kept: a query (a notice, a filter) is not echoed into a link.
 */
export function dashboardPageCameFrom(req: FastifyRequest): string | undefined {
  const referer = req.headers.referer;
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.host !== req.headers.host) return undefined;
  // A one-time page shows its secret once: leading back to it would only answer "already shown".
  if (!/^\/dashboard\/[a-z0-9-]+(\/[A-Za-z0-9_-]+)*$/.test(url.pathname) || url.pathname.includes('/reveal/')) return undefined;
  return url.pathname;
}
