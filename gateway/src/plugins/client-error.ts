import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { appError, toHttpResponse, type ErrorCode } from '@idgate/protos';
import type { Logger } from '@idgate/platform';

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (http server
 * 'clientError'): headers over 16 KiB (a ~100 kB URL included) → 431 HEADERS_TOO_LARGE, the
 * headers not received in time → 408 REQUEST_TIMEOUT, anything else malformed (a control
 * character in a header, not HTTP at all) → 400 REQUEST_INVALID. The usual envelope, without a
 * request id (there is no request), then the connection is closed. Only the parser's error
 * code is logged: its rawPacket holds the request bytes, API key included.
 */
export function clientErrorHandler(log: Logger) {
  return (err: Error & { code?: string }, socket: Duplex): void => {
    // A reset connection has no one to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const code = codeOf(err.code);
    log.debug({ code: err.code, answer: code }, 'malformed HTTP request refused');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, body } = toHttpResponse(code === 'REQUEST_INVALID' ? appError(code, { message: 'The HTTP request is malformed.' }) : appError(code));
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  };
}

function codeOf(parserCode: string | undefined): ErrorCode {
  if (parserCode === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (parserCode === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'REQUEST_INVALID';
}
