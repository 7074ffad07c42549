import { invalidField } from '@idgate/protos';

/** The position after the last row of a page: opaque to clients (base64url of createdAt|id). */
export function encodeCursor(r: { createdAt: Date; id: string }): string {
  return Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');
}

/** The position a client's cursor names; REQUEST_INVALID for one this API did not return. */
export function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw invalidField(['query', 'cursor'], 'cursor is not one this API returned');
  }
  return { createdAt, id };
}

/** A page size from the query: 1 to 100, `fallback` when absent. */
export function pageLimit(limit: number | undefined, fallback = 50): number {
  const n = limit ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw invalidField(['query', 'limit'], 'limit must be 1 to 100');
  }
  return n;
}
