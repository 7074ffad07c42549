import type { ServerDuplexStream, ServiceDefinition } from '@grpc/grpc-js';
import type { MuxReply } from '../../gen/idgate/core/v1/MuxReply.ts';
import type { MuxRequest__Output } from '../../gen/idgate/core/v1/MuxRequest.ts';
import { AppError } from '../errors/app-error.ts';
import { methodOf, toMuxError } from './mux-codec.ts';
import type { CallContext } from './unary.ts';

type Method = (req: never, ctx: CallContext) => Promise<unknown>;

/**
 * Server side of the multiplexed stream (core.proto VerificationMux): each request message is
 * decoded with `definition`'s serializers, run by the same async method the unary handler runs,
 * and answered on the stream in completion order. Graceful: `drain()` refuses new messages
 * (NOT_READY, nothing done) and ends every stream once its in-flight messages are answered, so the
 * server's tryShutdown is not held by an idle stream; a client that half-closes gets the same.
 */
export class MuxServer {
  readonly #methods: Record<string, Method>;
  readonly #definition: ServiceDefinition;
  readonly #onInternal: (err: unknown) => void;
  readonly #streams = new Set<{ end(): void }>();
  #draining = false;

  constructor(methods: Record<string, Method>, definition: ServiceDefinition, onInternal: (err: unknown) => void) {
    this.#methods = methods;
    this.#definition = definition;
    this.#onInternal = onInternal;
  }

  /** The grpc-js handler of `Exchange`. */
  readonly handler = (call: ServerDuplexStream<MuxRequest__Output, MuxReply>): void => {
    let inFlight = 0;
    let halfClosed = false;
    let ended = false;
    const end = () => {
      if (ended || inFlight > 0) return;
      ended = true;
      this.#streams.delete(state);
      if (!call.cancelled) call.end();
    };
    const state = {
      end: () => {
        halfClosed = true;
        end();
      },
    };
    this.#streams.add(state);
    const reply = (m: MuxReply) => {
      if (!ended && !call.cancelled) call.write(m);
    };
    call.on('data', (m: MuxRequest__Output) => {
      const id = m.id ?? 0;
      if (this.#draining || halfClosed) return reply({ id, error: toMuxError(new AppError('NOT_READY')).error });
      const method = this.#methods[m.method ?? ''];
      const def = methodOf(this.#definition, m.method ?? '');
      if (!method || !def) return reply({ id, error: toMuxError(new AppError('METHOD_NOT_ALLOWED')).error });
      inFlight++;
      const ctx: CallContext = {
        apiKey: m.apiKey || undefined,
        widgetSession: m.widgetSession || undefined,
        requestId: m.requestId || undefined,
        clientIp: m.clientIp || undefined,
        deadline: m.deadlineUnixMs ? new Date(m.deadlineUnixMs) : undefined,
      };
      Promise.resolve()
        .then(() => method(def.requestDeserialize(Buffer.from(m.payload ?? [])) as never, ctx))
        .then(
          (res) => reply({ id, payload: def.responseSerialize(res) }),
          (err: unknown) => {
            const { error, internal } = toMuxError(err);
            if (internal) this.#onInternal(err);
            reply({ id, error });
          },
        )
        .finally(() => {
          inFlight--;
          if (halfClosed) end();
        });
    });
    call.on('end', () => state.end());
    call.on('cancelled', () => {
      ended = true;
      this.#streams.delete(state);
    });
    call.on('error', () => undefined);
  };

  /** Stops taking messages and ends each stream when its in-flight messages are answered. */
  drain(): void {
    this.#draining = true;
    for (const s of [...this.#streams]) s.end();
  }
}
