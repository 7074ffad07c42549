import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { appError } from '@idgate/protos';

/** `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (digests of equal length). */
export function adminAuth(adminToken: string) {
  const expected = createHash('sha256').update(adminToken).digest();
  return async (req: FastifyRequest): Promise<void> => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const digest = createHash('sha256').update(given).digest();
    if (!given || !timingSafeEqual(digest, expected)) throw appError('ADMIN_AUTH_REQUIRED');
  };
}
