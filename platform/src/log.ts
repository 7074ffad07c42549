import { pino, type Logger, type LoggerOptions } from 'pino';
import { loggableError } from './loggable-error.ts';

export type { Logger } from 'pino';

/**
 * Paths pino removes from every log line. Belt and braces: code must not log these in the
 * first place (DESIGN: never a secret, token, image, name or birth date in a log).
 */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-widget-session"]',
  'req.headers["idempotency-key"]',
  'req.headers["x-forwarded-for"]',
  'req.url',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-widget-session"]',
  'headers["idempotency-key"]',
  'apiKey',
  'api_key',
  'widgetSession',
  'widget_session',
  'dashboardSession',
  'sessionToken',
  'session_token',
  'invitationToken',
  'invitation_token',
  'idempotencyKey',
  'secret',
  'secretKey',
  'token',
  'password',
  'image',
  'images',
  'frames',
  'embedding',
  'date_of_birth',
  'dateOfBirth',
  'first_name',
  'last_name',
  'name',
  'expected',
  '*.token',
  '*.secret',
  '*.password',
  '*.image',
  '*.date_of_birth',
  '*.first_name',
  '*.last_name',
];

/** @example const log = createLogger({ level: 'info', component: 'core' }) */
export function createLogger(opts: { level?: string; component: string; destination?: pino.DestinationStream }): Logger {
  const options: LoggerOptions = {
    level: opts.level ?? 'info',
    base: { component: opts.component },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Every `{ err }` is cut down to name, code, message and stack with secrets and query
    // parameters removed (an error's other fields and its message can quote personal data).
    serializers: { err: (err: unknown) => (err && typeof err === 'object' && Object.getPrototypeOf(err) === null ? err : loggableError(err)) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}
