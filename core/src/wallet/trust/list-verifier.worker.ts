// The trusted-list verification thread (list-verifier.ts starts it): XML parsing, XAdES canonicalisation and
// signature checks, JWS checks and anchor extraction run here, never on core's event loop.
import { parentPort } from 'node:worker_threads';
import { verifyListReply, type VerifyListRequest } from './verify-list.ts';

parentPort!.on('message', (m: { id: number; req: VerifyListRequest }) => {
  void verifyListReply(m.req).then((reply) => parentPort!.postMessage({ id: m.id, reply }));
});
