import { Server } from '@grpc/grpc-js';
import { CORE_SERVER_OPTIONS, bindServer, healthService, shutdownServer } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { Container } from '../container.ts';
import { buildHandlers } from './handlers.ts';

export interface CoreGrpcServer {
  address: string;
  /** grpc.health.v1 answers NOT_SERVING from now on (the first step of a shutdown). */
  markClosing(): void;
  /** Stops accepting calls and waits for in-flight ones (graceful), forcing after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

export async function startCoreGrpcServer(c: Container, address: string, log: Logger): Promise<CoreGrpcServer> {
  const server = new Server(CORE_SERVER_OPTIONS);
  const { services, mux } = buildHandlers(c, log);
  for (const [definition, impl] of services) server.addService(definition, impl);
  // grpc.health.v1 for probes: serving while the database answers. Not tied to the inference nodes,
  // unlike HealthService.Ready (the gateway's /readyz): core serves init, results and OAuth without them.
  let closing = false;
  server.addService(...healthService(async () => !closing && (await c.readiness()).database, ['idgate.core.v1.VerificationService']));
  const bound = await bindServer(server, address);
  return {
    address: bound,
    markClosing: () => {
      closing = true;
    },
    close: (graceMs) => {
      closing = true;
      // Multiplexed streams are long-lived: end them once their messages are answered, or
      // tryShutdown would wait for them until the grace period forces the server down.
      mux.drain();
      return shutdownServer(server, graceMs);
    },
  };
}
