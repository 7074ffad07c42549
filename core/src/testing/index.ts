import net from 'node:net';

/** The Postgres the tests use: TEST_DATABASE_URL, or the local one (.ci/run starts it). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether something accepts TCP connections at the URL's host and port (within 500 ms). */
export function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  const defaultPort = u.protocol.startsWith('redis') ? 6379 : 5432;
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// The mdoc test issuer and holder (test IACA, document signer, signed DeviceResponses with negative switches).
export * from '../wallet/mdoc/testing/test-issuer.ts';

// Signed EU wallet trusted lists and a local server for them, for end-to-end tests of the wallet path.
export { buildSignedTestLists, serveTestLists, testSigner, type SignedTestLists, type TestListServer, type TestSigner } from '../wallet/trust/testing/index.ts';

// A test EU wallet over OpenID4VP 1.0 (DC API and QR) and ISO/IEC 18013-7 Annex C (DC API), built on the mdoc test issuer.
export * from '../wallet/testing/test-wallet.ts';
