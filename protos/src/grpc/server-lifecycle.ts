import { ServerCredentials, type Server } from '@grpc/grpc-js';

/** Binds `address` (port 0 picks a free one) and resolves with the host:port actually bound. */
export function bindServer(server: Server, address: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, port) => {
      if (err) reject(bindError(address, err));
      else resolve(`${address.slice(0, address.lastIndexOf(':'))}:${port}`);
    });
  });
}

/**
 * grpc-js reports a failed bind as one Error whose message lists the causes ("No address added out
 * of total 1 resolved errors: [listen EADDRINUSE: …]"). The first system error code in it is lifted
 * onto the error (code, syscall 'listen'), so a port in use is told as such, in one line, at start-up.
 */
function bindError(address: string, err: Error): Error {
  const code = /\b(E[A-Z]{3,})\b/.exec(err.message)?.[1];
  if (!code) return err;
  const reason = code === 'EADDRINUSE' ? 'address already in use' : code === 'EACCES' ? 'permission denied' : err.message;
  return Object.assign(new Error(`cannot listen on ${address} (gRPC): ${reason}`, { cause: err }), { code, syscall: 'listen' });
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
