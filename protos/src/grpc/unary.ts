import {
  Metadata,
  status,
  type Client,
  type ClientUnaryCall,
  type requestCallback,
  type ServiceError,
  type sendUnaryData,
  type ServerUnaryCall,
} from '@grpc/grpc-js';
import { fromServiceError, toServiceError } from '../errors/index.ts';

/** What a caller knows about itself; sent as metadata, never inside messages. */
export interface CallContext {
  apiKey?: string;
  widgetSession?: string;
  /** The dashboard session token (the dashboard cookie's value): core resolves the team member. */
  dashboardSession?: string;
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
  set('x-dashboard-session', ctx.dashboardSession);
  set('x-request-id', ctx.requestId);
  set('x-client-ip', ctx.clientIp);
  return md;
}

export function fromMetadata(md: Metadata, deadline?: Date): CallContext {
  const get = (k: string): string | undefined => {
    const v = md.get(k)[0];
    return typeof v === 'string' && v.length > 0 ? v : undefined;
  };
  return {
    apiKey: get('x-api-key'),
    widgetSession: get('x-widget-session'),
    dashboardSession: get('x-dashboard-session'),
    requestId: get('x-request-id'),
    clientIp: get('x-client-ip'),
    deadline,
  };
}

/**
 * `[request, reply]` of one method of a generated client, read from its shortest overload
 * `(argument, callback)`: the request is the message type the caller builds, the reply the
 * `__Output` type grpc-js decodes. Never for a streaming method or a grpc-js Client method.
 */
type UnarySignature<F> = F extends (argument: infer Req, callback: requestCallback<infer Res>) => ClientUnaryCall ? [Req, Res] : never;

/**
 * The unary methods of a generated client `C`, by their camelCase name (the spelling callers use;
 * the generated PascalCase twins are left out so each method has one name).
 */
export type UnaryMethodOf<C> = {
  [K in keyof C & string]: K extends Uncapitalize<K> ? ([UnarySignature<C[K]>] extends [never] ? never : K) : never;
}[keyof C & string];

/** The request message of method `M` of generated client `C`. */
export type UnaryRequest<C, M extends keyof C> = UnarySignature<C[M]>[0];

/** The decoded reply (`__Output`) of method `M` of generated client `C`. */
export type UnaryReply<C, M extends keyof C> = UnarySignature<C[M]>[1];

type UnaryMethod = (req: unknown, md: Metadata, opts: { deadline?: Date }, cb: (err: ServiceError | null, res?: unknown) => void) => unknown;

/**
 * Promise wrapper for a unary call on a generated client; errors come back as AppErrors. The
 * method, its request and its reply are typed by the generated client, so a renamed method or
 * field of the .proto fails the typecheck instead of the call.
 * @example const res = await callUnary(clients.admin, 'getAccount', { tenantId }, ctx) // res: Account__Output
 */
export function callUnary<C extends Client, M extends UnaryMethodOf<C>>(
  client: C,
  method: M,
  request: UnaryRequest<C, M>,
  ctx: CallContext = {},
): Promise<UnaryReply<C, M>> {
  const fn = (client as unknown as Record<string, UnaryMethod>)[method];
  return new Promise((resolve, reject) => {
    fn.call(client, request, toMetadata(ctx), ctx.deadline ? { deadline: ctx.deadline } : {}, (err, res) => {
      if (err) reject(fromServiceError(err));
      else resolve(res as UnaryReply<C, M>);
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
