import { credentials, type Client, type ClientDuplexStream, type ServiceDefinition } from '@grpc/grpc-js';
import type { MuxReply__Output } from '../../gen/idgate/core/v1/MuxReply.ts';
import type { MuxRequest } from '../../gen/idgate/core/v1/MuxRequest.ts';
import type { VerificationMuxClient } from '../../gen/idgate/core/v1/VerificationMux.ts';
import { AppError } from '../errors/app-error.ts';
import { CHANNEL_OPTIONS } from './channel.ts';
import { coreProto } from './core-proto.ts';
import { fromMuxError, methodOf } from './mux-codec.ts';
import { contextText as text, type CallContext } from './unary.ts';

interface Pending {
  resolve: (payload: Buffer) => void;
  reject: (err: AppError) => void;
  timer?: NodeJS.Timeout;
}


/**
 * Client side of the multiplexed stream (core.proto VerificationMux): `call` sends one request of
 * VerificationService as a message on a long-lived bidirectional stream and resolves with the
 * decoded response, or rejects with the AppError core threw, UPSTREAM_TIMEOUT at the deadline, or
 * UPSTREAM_UNAVAILABLE when the stream breaks (core restarted or unreachable); the next call opens
 * a new stream. Shares the channel it is given (one HTTP/2 connection with the unary clients).
 * @example const mux = new MuxClient(address, clients.verification.getChannel());
 * const res = await mux.call<core.InitResponse>('init', request, ctx);
 */
export class MuxClient {
  readonly #client: VerificationMuxClient;
  readonly #definition: ServiceDefinition;
  readonly #pending = new Map<number, Pending>();
  #stream: ClientDuplexStream<MuxRequest, MuxReply__Output> | undefined;
  #nextId = 0;

  constructor(address: string, channel?: ReturnType<Client['getChannel']>) {
    const proto = coreProto();
    this.#client = new proto.VerificationMux(address, credentials.createInsecure(), { ...CHANNEL_OPTIONS, ...(channel ? { channelOverride: channel } : {}) });
    this.#definition = proto.VerificationService.service;
  }

  call<Res, Req = unknown>(method: string, request: Req, ctx: CallContext = {}): Promise<Res> {
    const def = methodOf(this.#definition, method);
    if (!def) return Promise.reject(new AppError('INTERNAL', { cause: new Error(`VerificationService has no method ${method}`) }));
    const stream = this.#open();
    this.#nextId = (this.#nextId + 1) % 0x1_0000_0000;
    const id = this.#nextId;
    return new Promise<Res>((resolve, reject) => {
      const pending: Pending = { resolve: (payload) => resolve(def.responseDeserialize(payload) as Res), reject };
      if (ctx.deadline) {
        pending.timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(new AppError('UPSTREAM_TIMEOUT'));
        }, Math.max(0, ctx.deadline.getTime() - Date.now()));
      }
      this.#pending.set(id, pending);
      stream.write({
        id, method, payload: def.requestSerialize(request),
        apiKey: text(ctx.apiKey), widgetSession: text(ctx.widgetSession), requestId: text(ctx.requestId), clientIp: text(ctx.clientIp),
        ...(ctx.deadline ? { deadlineUnixMs: ctx.deadline.getTime() } : {}),
      });
    });
  }

  /** Half-closes the stream: core answers what it has and ends it. */
  close(): void {
    this.#stream?.end();
    this.#stream = undefined;
  }

  #open(): ClientDuplexStream<MuxRequest, MuxReply__Output> {
    if (this.#stream) return this.#stream;
    const stream = this.#client.exchange();
    stream.on('data', (m: MuxReply__Output) => this.#settle(m));
    // Ended or failed: whatever is still waiting never gets an answer on this stream.
    const broken = () => this.#broken(stream);
    stream.on('end', broken);
    stream.on('error', broken);
    stream.on('close', broken);
    this.#stream = stream;
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

  #broken(stream: ClientDuplexStream<MuxRequest, MuxReply__Output>): void {
    if (this.#stream !== stream) return;
    this.#stream = undefined;
    for (const [id, p] of this.#pending) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(new AppError('UPSTREAM_UNAVAILABLE'));
      this.#pending.delete(id);
    }
  }
}
