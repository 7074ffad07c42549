import { credentials, status, type Client, type ClientDuplexStream, type ServiceDefinition } from '@grpc/grpc-js';
import type { MuxReply__Output } from '../../gen/idgate/core/v1/MuxReply.ts';
import type { MuxRequest } from '../../gen/idgate/core/v1/MuxRequest.ts';
import type { VerificationMuxClient } from '../../gen/idgate/core/v1/VerificationMux.ts';
import type { VerificationServiceClient } from '../../gen/idgate/core/v1/VerificationService.ts';
import { AppError } from '../errors/app-error.ts';
import { CHANNEL_OPTIONS } from './channel.ts';
import { coreProto } from './core-proto.ts';
import { fromMuxError, methodOf } from './mux-codec.ts';
import { contextText as text, type CallContext, type UnaryMethodOf, type UnaryReply, type UnaryRequest } from './unary.ts';

type MuxStream = ClientDuplexStream<MuxRequest, MuxReply__Output>;

interface Pending {
  resolve: (payload: Buffer) => void;
  reject: (err: AppError) => void;
  /** The stream the request went out on: only its break fails the call. */
  stream: MuxStream;
  /** Kept to send again, once, when the stream is refused (never seen by core). */
  message: MuxRequest;
  resent?: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * A stream is used for new calls this long, then half-closed (its calls still answered) and the
 * next call opens a fresh one. Core's server ends each connection after CORE_SERVER_OPTIONS'
 * max_connection_age with a grace period longer than this plus a call's deadline, so a stream never
 * outlives its connection's grace, and a stream opened after the GOAWAY goes out on the new
 * connection, which a load balancer (a Kubernetes Service) may send to another core replica.
 */
export const MUX_STREAM_MAX_AGE_MS = 60_000;

/**
 * Client side of the multiplexed stream (core.proto VerificationMux): `call` sends one request of
 * VerificationService as a message on a long-lived bidirectional stream and resolves with the
 * decoded response, or rejects with the AppError core threw, UPSTREAM_TIMEOUT at the deadline, or
 * UPSTREAM_UNAVAILABLE when the stream breaks (core restarted or unreachable); the next call opens
 * a new stream. A stream is retired after MUX_STREAM_MAX_AGE_MS, and a refused one is sent again.
 * Shares the channel it is given (one HTTP/2 connection with the unary clients).
 * @example const mux = new MuxClient(address, clients.verification.getChannel());
 * const res = await mux.call('init', request, ctx); // res: InitResponse__Output
 */
export class MuxClient {
  readonly #client: VerificationMuxClient;
  readonly #definition: ServiceDefinition;
  readonly #pending = new Map<number, Pending>();
  readonly #maxStreamAgeMs: number;
  #stream: MuxStream | undefined;
  #streamOpenedAt = 0;
  #nextId = 0;

  constructor(address: string, channel?: ReturnType<Client['getChannel']>, settings: { maxStreamAgeMs?: number } = {}) {
    this.#maxStreamAgeMs = settings.maxStreamAgeMs ?? MUX_STREAM_MAX_AGE_MS;
    const proto = coreProto();
    this.#client = new proto.VerificationMux(address, credentials.createInsecure(), { ...CHANNEL_OPTIONS, ...(channel ? { channelOverride: channel } : {}) });
    this.#definition = proto.VerificationService.service;
  }

  /** Typed as a unary call of VerificationService (callUnary): method, request and reply by the generated client. */
  call<M extends UnaryMethodOf<VerificationServiceClient>>(
    method: M,
    request: UnaryRequest<VerificationServiceClient, M>,
    ctx: CallContext = {},
  ): Promise<UnaryReply<VerificationServiceClient, M>> {
    type Res = UnaryReply<VerificationServiceClient, M>;
    const def = methodOf(this.#definition, method);
    if (!def) return Promise.reject(new AppError('INTERNAL', { cause: new Error(`VerificationService has no method ${method}`) }));
    const stream = this.#open();
    this.#nextId = (this.#nextId + 1) % 0x1_0000_0000;
    const id = this.#nextId;
    return new Promise<Res>((resolve, reject) => {
      const message: MuxRequest = {
        id,
        method,
        payload: def.requestSerialize(request),
        apiKey: text(ctx.apiKey),
        widgetSession: text(ctx.widgetSession),
        requestId: text(ctx.requestId),
        clientIp: text(ctx.clientIp),
        ...(ctx.deadline ? { deadlineUnixMs: ctx.deadline.getTime() } : {}),
      };
      const pending: Pending = { resolve: (payload) => resolve(def.responseDeserialize(payload) as Res), reject, stream, message };
      if (ctx.deadline) {
        pending.timer = setTimeout(
          () => {
            this.#pending.delete(id);
            reject(new AppError('UPSTREAM_TIMEOUT'));
          },
          Math.max(0, ctx.deadline.getTime() - Date.now()),
        );
      }
      this.#pending.set(id, pending);
      stream.write(message);
    });
  }

  /** Half-closes the stream: core answers what it has and ends it. */
  close(): void {
    this.#stream?.end();
    this.#stream = undefined;
  }

  #open(): MuxStream {
    if (this.#stream && Date.now() - this.#streamOpenedAt < this.#maxStreamAgeMs) return this.#stream;
    // Retired, not broken: core answers the calls already on it, then ends it.
    this.#stream?.end();
    const stream = this.#client.exchange();
    stream.on('data', (m: MuxReply__Output) => this.#settle(m));
    // Ended or failed: whatever is still waiting never gets an answer on this stream.
    const broken = () => this.#broken(stream);
    stream.on('end', broken);
    stream.on('error', (err: { code?: number; details?: string }) => (isRefused(err) ? this.#resend(stream) : broken()));
    stream.on('close', broken);
    this.#stream = stream;
    this.#streamOpenedAt = Date.now();
    return stream;
  }

  #settle(m: MuxReply__Output): void {
    const id = m.id ?? 0;
    const p = this.#pending.get(id);
    if (!p) return; // timed out meanwhile
    this.#pending.delete(id);
    if (p.timer) clearTimeout(p.timer);
    if (m.error) p.reject(fromMuxError(m.error));
    else p.resolve(Buffer.from(m.payload ?? []));
  }

  /**
   * The server refused the stream (HTTP/2 REFUSED_STREAM): it was opened on a connection the server
   * had just ended (GOAWAY at max_connection_age), and core saw none of its messages, so they go out
   * again on a new stream, once each. Any other break may come after core acted: those calls fail.
   */
  #resend(refused: MuxStream): void {
    if (this.#stream === refused) this.#stream = undefined;
    for (const [id, p] of this.#pending) {
      if (p.stream !== refused) continue;
      if (p.resent) {
        if (p.timer) clearTimeout(p.timer);
        p.reject(new AppError('UPSTREAM_UNAVAILABLE'));
        this.#pending.delete(id);
        continue;
      }
      p.resent = true;
      p.stream = this.#open();
      p.stream.write(p.message);
    }
  }

  #broken(stream: MuxStream): void {
    if (this.#stream === stream) this.#stream = undefined;
    for (const [id, p] of this.#pending) {
      if (p.stream !== stream) continue;
      if (p.timer) clearTimeout(p.timer);
      p.reject(new AppError('UPSTREAM_UNAVAILABLE'));
      this.#pending.delete(id);
    }
  }
}

/** grpc-js reports an HTTP/2 REFUSED_STREAM as UNAVAILABLE "Stream refused by server". */
function isRefused(err: { code?: number; details?: string }): boolean {
  return err.code === status.UNAVAILABLE && err.details === 'Stream refused by server';
}
