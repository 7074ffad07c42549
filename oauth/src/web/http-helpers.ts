import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unstorableText, unstorableTextRefusal } from '@idgate/protos';
import { PAGE_HEADERS } from './layout.ts';

/** Parses HTML form posts into a flat string record (last value wins for repeated names). */
export function registerFormParser(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const fields = Object.fromEntries(new URLSearchParams(String(body)));
    // U+0000 (`email=a%00@x`) cannot be stored or looked up: 400 REQUEST_INVALID, never a 500.
    const issues = unstorableText(fields, ['body']);
    done(issues.length ? unstorableTextRefusal(issues) : null, issues.length ? undefined : fields);
  });
}

export function field(req: FastifyRequest, name: string): string {
  const body = req.body as Record<string, unknown> | undefined;
  const v = body?.[name];
  return typeof v === 'string' ? v : '';
}

export function cookie(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/** 303 after a form post (C-BCP-13: never 307, which would replay the credentials). */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}
