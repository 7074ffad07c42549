import Fastify from 'fastify';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { Server, ServerCredentials, credentials, type ChannelOptions, type ServiceDefinition } from '@grpc/grpc-js';
import { CHANNEL_OPTIONS, SERVER_OPTIONS, MuxClient, MuxServer, coreProto, callUnary, type core } from '@idgate/protos';

/**
 * Child-process entry for the transport-ceiling experiments (bench/verify-flow/ceiling.ts):
 *  - `grpc-server PORT OPTS`: only the gRPC server (empty unary Ready) on PORT;
 *  - `fastify PORT GRPC_TARGET|inproc|thread OPTS`: Fastify /ping making one empty unary call, to
 *    a gRPC server on the same event loop (`inproc`), on a worker thread of this process
 *    (`thread`: the all-in-one's shape, core on a thread of its own), or at GRPC_TARGET (another process).
 * OPTS is `default`, `no-channelz` (grpc.enable_channelz = 0 on client and server) or `mux` (the
 * empty call is a message on the multiplexed stream, MuxClient → MuxServer, as the hot verify calls).
 */
const [mode, portArg, a3, a4] = process.argv.slice(2);
const port = Number(portArg);
const opts = (name: string | undefined): { server: ChannelOptions; client: ChannelOptions } =>
  name === 'no-channelz'
    ? { server: { ...SERVER_OPTIONS, 'grpc.enable_channelz': 0 }, client: { ...CHANNEL_OPTIONS, 'grpc.enable_channelz': 0 } }
    : { server: SERVER_OPTIONS, client: CHANNEL_OPTIONS };

async function grpcServer(listen: string, options: ChannelOptions): Promise<number> {
  const proto = coreProto();
  const server = new Server(options);
  const impl: core.HealthServiceHandlers = { Ready: (_c, cb) => cb(null, { ready: true }) };
  server.addService(proto.HealthService.service as ServiceDefinition, impl);
  const mux = new MuxServer({ getStatus: async () => ({}) }, proto.VerificationService.service, () => undefined);
  server.addService(proto.VerificationMux.service as ServiceDefinition, { Exchange: mux.handler } satisfies core.VerificationMuxHandlers);
  return new Promise<number>((res, rej) => server.bindAsync(listen, ServerCredentials.createInsecure(), (e, p) => (e ? rej(e) : res(p))));
}

/** The gRPC server on a worker thread running this file in `grpc-server` mode on port 0; resolves with its port. */
async function grpcServerThread(optsName: string): Promise<number> {
  const worker = new Worker(new URL(import.meta.url), { argv: ['grpc-server', '0', optsName] });
  const bound = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  worker.unref();
  return bound;
}

if (mode === 'grpc-server') {
  const bound = await grpcServer(`127.0.0.1:${port}`, opts(a3).server);
  parentPort?.postMessage(bound); // on a worker thread (`thread`): the port it got
} else {
  const o = opts(a4);
  const target = a3 === 'inproc' ? `127.0.0.1:${await grpcServer('127.0.0.1:0', o.server)}` : a3 === 'thread' ? `127.0.0.1:${await grpcServerThread(a4)}` : a3;
  const client = new (coreProto().HealthService)(target, credentials.createInsecure(), o.client);
  const mux = a4 === 'mux' ? new MuxClient(target, client.getChannel()) : undefined;
  const app = Fastify();
  app.get('/ping', async () => (mux ? mux.call('getStatus', {}) : callUnary(client, 'ready', {})));
  await app.listen({ host: '127.0.0.1', port });
}
if (isMainThread) {
  process.send?.('ready');
  for (const s of ['SIGTERM', 'SIGINT'] as const) process.on(s, () => process.exit(0));
}
