import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '@idgate/protos';

/**
 * `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (digests of equal length).
 * The scheme is case-insensitive (RFC 7235 §2.1); a refusal names it in WWW-Authenticate.
 */
export function adminAuth(adminToken: string) {
  const expected = createHash('sha256').update(adminToken).digest();
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const given = /^bearer +(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const digest = createHash('sha256').update(given).digest();
    if (!given || !timingSafeEqual(digest, expected)) {
      reply.header('www-authenticate', 'Bearer realm="idgate-admin"');
      throw appError('ADMIN_AUTH_REQUIRED');
    }
  };
}
