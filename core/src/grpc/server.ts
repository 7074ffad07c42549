import { Server, ServerCredentials } from '@grpc/grpc-js';
import { SERVER_OPTIONS, type Logger } from '@idgate/protos';
import type { Container } from '../container.ts';
import { buildHandlers } from './handlers.ts';

export interface CoreGrpcServer {
  address: string;
  /** Stops accepting calls and waits for in-flight ones (graceful), forcing after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

export async function startCoreGrpcServer(c: Container, address: string, log: Logger): Promise<CoreGrpcServer> {
  const server = new Server(SERVER_OPTIONS);
  for (const [definition, impl] of buildHandlers(c, log)) server.addService(definition, impl);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
  });
  const host = address.slice(0, address.lastIndexOf(':'));
  return {
    address: `${host}:${port}`,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
