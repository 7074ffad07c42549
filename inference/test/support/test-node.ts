import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  callUnary,
  createInferenceClient,
  isAppError,
  type AppError,
  type CallContext,
  type InferenceServiceClient,
  type UnaryMethodOf,
  type UnaryReply,
  type UnaryRequest,
} from '@idgate/protos';
import { createLogger } from '@idgate/platform';
import { startInferenceNode, type InferenceNode } from '../../src/index.ts';
import { DOCUMENTS_DIR, FACES_DIR, testNodeConfig } from '../fixtures/index.ts';

export interface TestNode {
  readonly node: InferenceNode;
  readonly client: InferenceServiceClient;
  /** callUnary on the node's client: method, request and reply typed by the generated InferenceServiceClient. */
  call<M extends UnaryMethodOf<InferenceServiceClient>>(
    method: M,
    request: UnaryRequest<InferenceServiceClient, M>,
    ctx?: CallContext,
  ): Promise<UnaryReply<InferenceServiceClient, M>>;
  close(): Promise<void>;
}

/** One inference node on loopback port 0 with a real pool and the shared models, plus a client. */
export async function startTestNode(env: Record<string, string> = {}, opts: { manifestPath?: string } = {}): Promise<TestNode> {
  const config = testNodeConfig(env);
  const node = await startInferenceNode({ config, logger: createLogger({ level: 'silent', component: 'inference-test' }), manifestPath: opts.manifestPath });
  const client = createInferenceClient(node.address);
  return {
    node,
    client,
    call: (method, request, ctx = {}) => callUnary(client, method, request, ctx),
    close: async () => {
      client.close();
      await node.close();
    },
  };
}

export const face = (name: string): Promise<Buffer> => readFile(join(FACES_DIR, name));
export const documentImage = (name: string): Promise<Buffer> => readFile(join(DOCUMENTS_DIR, name));

/** The AppError a call failed with (fails the test if it succeeded). */
export async function errorOf(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected the call to fail with a catalogue error, got ${err === undefined ? 'success' : String(err)}`);
  return err;
}
