import { Server } from '@grpc/grpc-js';
import { SERVER_OPTIONS, bindServer, shutdownServer, type Logger } from '@idgate/protos';
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
  const bound = await bindServer(server, address);
  return { address: bound, close: (graceMs) => shutdownServer(server, graceMs) };
}
