import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log.ts';
import { loggableError } from './loggable-error.ts';

function logged(fields: Record<string, unknown>): string {
  const lines: string[] = [];
  const log = createLogger({ component: 'test', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
  log.error(fields, 'internal error');
  return lines.join('');
}

/** What drizzle throws when a statement fails: the SQL, then the row's values on a "params:" line. */
function failedQuery(): Error {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "sessions_pkey"'), {
    code: '23505',
    detail: 'Key (id)=(ses_PersonalValue) already exists.',
  });
  return Object.assign(
    new Error('Failed query: insert into "sessions" ("id", "external_user_id") values ($1, $2)\nparams: ses_PersonalValue,jane.doe@example.com', { cause }),
    { name: 'DrizzleQueryError', query: 'insert …', params: ['ses_PersonalValue', 'jane.doe@example.com'] },
  );
}

describe("loggableError, the logger's err serializer", () => {
  it('a failed query logs its SQL and codes, never its parameters or the clashing key (personal data)', () => {
    const line = logged({ err: failedQuery() });
    expect(line).not.toContain('jane.doe@example.com');
    expect(line).not.toContain('PersonalValue');
    const err = JSON.parse(line).err;
    expect(err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23505' } });
    expect(err.message).toContain('Failed query: insert into "sessions"');
    expect(err.message).toContain('params: [redacted]');
    expect(err.stack).toContain('loggable-error.spec.ts');
  });

  it('cuts secret-shaped values and given values from message and stack, in causes too', () => {
    const out = loggableError(new Error('key sk_live_AbCdEfGh12345678 for user custom-user-value', { cause: new Error('xtk_TokenValue1234567890') }), [
      'custom-user-value',
    ]);
    expect(JSON.stringify(out)).not.toMatch(/AbCdEfGh12345678|custom-user-value|TokenValue1234567890/);
    expect(out.message).toBe('key sk_live_[redacted] for user [redacted]');
  });

  it('a thrown non-Error is logged as its scrubbed text', () => {
    expect(JSON.parse(logged({ err: 'boom with whsec_SecretSecret123' })).err).toEqual({ type: 'string', message: 'boom with whsec_[redacted]' });
  });
});
