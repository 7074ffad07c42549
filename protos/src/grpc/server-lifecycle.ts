import { ServerCredentials, type Server } from '@grpc/grpc-js';

/** Binds `address` (port 0 picks a free one) and resolves with the host:port actually bound. */
export function bindServer(server: Server, address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, port) => {
      if (err) reject(err);
      else resolve(`${address.slice(0, address.lastIndexOf(':'))}:${port}`);
    });
  });
}

/** Graceful stop: in-flight calls finish; after `graceMs` the rest are cancelled. */
export function shutdownServer(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const force = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(force);
      resolve();
    });
  });
}
