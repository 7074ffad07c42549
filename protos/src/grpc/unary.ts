import { Metadata, status, type Client, type ServiceError, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { fromServiceError, toServiceError } from '../errors/index.ts';

/** What a caller knows about itself; sent as metadata, never inside messages. */
export interface CallContext {
  apiKey?: string;
  widgetSession?: string;
  requestId?: string;
  clientIp?: string;
  /** Absolute deadline; propagated from the HTTP request down to the worker. */
  deadline?: Date;
}

/** What grpc-js accepts in a text metadata value: printable ASCII. */
const METADATA_TEXT = /^[\x20-\x7e]*$/;

/** `value` when it may travel as call context (printable ASCII, not empty), else undefined. */
export function contextText(value: string | undefined): string | undefined {
  return value && METADATA_TEXT.test(value) ? value : undefined;
}

/**
 * The context as metadata. Callers pass only printable-ASCII values (the gateway refuses a
 * credential header with other characters as an invalid credential); a value grpc-js would
 * refuse is left out here rather than set, because grpc-js throws an error that quotes the
 * whole value, and an API key must never reach an error message or a log.
 */
export function toMetadata(ctx: CallContext): Metadata {
  const md = new Metadata();
  const set = (key: string, value: string | undefined) => {
    const text = contextText(value);
    if (text) md.set(key, text);
  };
  set('x-api-key', ctx.apiKey);
  set('x-widget-session', ctx.widgetSession);
  set('x-request-id', ctx.requestId);
  set('x-client-ip', ctx.clientIp);
  return md;
}

export function fromMetadata(md: Metadata, deadline?: Date): CallContext {
  const get = (k: string): string | undefined => {
    const v = md.get(k)[0];
    return typeof v === 'string' && v.length > 0 ? v : undefined;
  };
  return { apiKey: get('x-api-key'), widgetSession: get('x-widget-session'), requestId: get('x-request-id'), clientIp: get('x-client-ip'), deadline };
}

type UnaryMethod<Req, Res> = (req: Req, md: Metadata, opts: { deadline?: Date }, cb: (err: ServiceError | null, res?: Res) => void) => unknown;

/**
 * Promise wrapper for a unary call on a generated client; errors come back as AppErrors.
 * @example const res = await callUnary(client, 'init', req, ctx)
 */
export function callUnary<Res, Req = unknown>(client: Client, method: string, request: Req, ctx: CallContext = {}): Promise<Res> {
  const fn = (client as unknown as Record<string, UnaryMethod<Req, Res>>)[method];
  return new Promise((resolve, reject) => {
    fn.call(client, request, toMetadata(ctx), ctx.deadline ? { deadline: ctx.deadline } : {}, (err, res) => {
      if (err) reject(fromServiceError(err));
      else resolve(res as Res);
    });
  });
}

/**
 * Adapts an async handler `(request, ctx) => response` to grpc-js; any thrown value is sent
 * as a catalogue error (unknown errors become INTERNAL and are reported to `onInternal`).
 */
export function unaryHandler<Req, Res>(
  fn: (req: Req, ctx: CallContext) => Promise<Res>,
  onInternal?: (err: unknown) => void,
): (call: ServerUnaryCall<Req, Res>, cb: sendUnaryData<Res>) => void {
  return (call, cb) => {
    const deadline = call.getDeadline();
    const ctx = fromMetadata(call.metadata, deadline instanceof Date ? deadline : undefined);
    fn(call.request, ctx).then(
      (res) => cb(null, res),
      (err: unknown) => {
        const se = toServiceError(err);
        if (se.code === status.INTERNAL && onInternal) onInternal(err);
        cb(se as ServiceError);
      },
    );
  };
}
