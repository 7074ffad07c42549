import { TrustListError } from './errors.ts';

/**
 * Downloads one list document with a time limit and a size limit, so a slow or hostile publisher can
 * neither hold a refresh forever nor fill memory. Redirects are followed (the EU lists move between hosts).
 */
export function boundedFetcher(o: { timeoutMs: number; maxBytes: number }): (url: string) => Promise<string> {
  return async (url) => {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(o.timeoutMs), redirect: 'follow' });
    } catch {
      // Once more on a fresh connection: a pooled keep-alive socket the server closed while it sat idle
      // (an hour between refreshes) fails at once without the request ever reaching the server.
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(o.timeoutMs), redirect: 'follow' });
      } catch (err) {
        throw new TrustListError('fetch', `download failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new TrustListError('fetch', `HTTP ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > o.maxBytes) {
      await res.body?.cancel();
      throw new TrustListError('fetch', `list larger than ${o.maxBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      const reader = res.body?.getReader();
      for (let r = await reader?.read(); reader && r && !r.done; r = await reader.read()) {
        size += r.value.byteLength;
        if (size > o.maxBytes) {
          await reader.cancel();
          throw new TrustListError('fetch', `list larger than ${o.maxBytes} bytes`);
        }
        chunks.push(r.value);
      }
    } catch (err) {
      if (err instanceof TrustListError) throw err;
      throw new TrustListError('fetch', `download failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  };
}
