import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
  /** Whether the answer came while the request body was still being sent: the server did not wait for it. */
  beforeBodyEnd: boolean;
}

export interface Upload {
  /** The answer; rejects when the connection goes without one (after `abort`). */
  readonly answer: Promise<RawAnswer>;
  /** Sends the rest of the body and ends it. */
  finish(rest: Buffer): void;
  /** Drops the connection, body unfinished: a client that gave up. */
  abort(): void;
}

/**
 * A POST whose body is sent in part and then held open, as a slow or stalled upload is seen by the
 * server. `declaredBytes` is the Content-Length to announce; without it the body goes chunked (no
 * Content-Length), so only the bytes that arrive can tell its size.
 */
export function startUpload(url: string, path: string, headers: Record<string, string>, o: { declaredBytes?: number; first: Buffer }): Upload {
  let ended = false;
  const req = request(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(o.declaredBytes === undefined ? {} : { 'content-length': String(o.declaredBytes) }) },
  });
  // Writes after the server closed the connection fail; the answer (or its absence) is what counts.
  req.on('error', () => undefined);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    req.once('response', (res) => {
      answered = true;
      const beforeBodyEnd = !ended;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, beforeBodyEnd });
      });
    });
    req.once('close', () => {
      if (!answered) reject(new Error('connection closed without an answer'));
    });
  });
  answer.catch(() => undefined); // callers that abort do not await it
  req.write(o.first);
  return {
    answer,
    finish(rest) {
      ended = true;
      req.end(rest);
    },
    abort() {
      req.destroy();
    },
  };
}

/** A body of exactly `bytes` bytes (JSON string padding), for a request whose size, not content, is under test. */
export function jsonOfSize(field: string, bytes: number): Buffer {
  const around = Buffer.byteLength(JSON.stringify({ [field]: '' }));
  return Buffer.from(JSON.stringify({ [field]: 'A'.repeat(Math.max(0, bytes - around)) }));
}
