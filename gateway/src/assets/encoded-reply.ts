import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type StoredEncoding } from './content-encoding.ts';

/** One asset in its raw bytes and whatever precompressed copies exist. */
export interface EncodedAsset {
  raw: Buffer;
  encoded: Partial<Record<StoredEncoding, Buffer>>;
  contentType: string;
  /** A strong validator of the raw bytes (a content hash); each encoding gets its own ETag. */
  tag: string;
}

/**
 * Answers with the best copy the client accepts. `Vary: Accept-Encoding` always, so a shared
 * cache never hands brotli to a client that cannot read it; a matching If-None-Match is 304.
 */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, asset: EncodedAsset, cacheControl: string): FastifyReply {
  const wanted = chooseEncoding(req.headers['accept-encoding']);
  const encoding = wanted && asset.encoded[wanted] ? wanted : undefined;
  const etag = `"${asset.tag}${encoding ? `-${encoding}` : ''}"`;
  reply.headers({ 'content-type': asset.contentType, 'cache-control': cacheControl, vary: 'accept-encoding', etag });
  if (req.headers['if-none-match']?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? asset.encoded[encoding] : asset.raw);
}
