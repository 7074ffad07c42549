import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendEncoded, type EncodedAsset } from '../assets/encoded-reply.ts';

/** A shield with a check mark: the icon of every page this service serves. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<path d="M16 2 4 6.5v8.2C4 22.3 9.1 28.3 16 30c6.9-1.7 12-7.7 12-15.3V6.5z" fill="#1f5fbf"/>
<path d="m10 16.2 4.2 4.2 7.8-8.4" fill="none" stroke="#fff" stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

const ICON: EncodedAsset = {
  raw: Buffer.from(ICON_SVG),
  encoded: {},
  contentType: 'image/svg+xml',
  tag: createHash('sha256').update(ICON_SVG).digest('hex').slice(0, 32),
};

/**
 * `/favicon.ico` (browsers ask for it whatever the page says) and `/favicon.svg`, the same SVG
 * icon: every browser that asks for a favicon renders SVG. Cached for a day, not forever, since
 * the URL carries no version.
 */
export function faviconRoutes(app: FastifyInstance): void {
  for (const path of ['/favicon.ico', '/favicon.svg'])
    app.get(path, { schema: { hide: true } }, async (req, reply) => sendEncoded(req, reply, ICON, 'public, max-age=86400'));
}
