import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readDevicePolicy } from '@idgate/core';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { createLogger } from '@idgate/platform';
import { BACKENDS, startTestService, testConfig, type TestService } from '../src/index.ts';

const MANIFEST = fileURLToPath(new URL('../../inference/models.manifest.json', import.meta.url));

export interface WidgetService {
  svc: TestService;
  key: string;
  callback: string;
  /** Starts a session through init (this tenant's key unless another is given) and returns the widget URL of the page under test. */
  verifyUrl(body?: Record<string, unknown>, apiKey?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The service as the browser sees it (the OpenID Connect provider only with `serviceIds`): core + gateway with the on-device policy of the REAL models
 * manifest (the widget must have run the real models), a real inference node (server-side
 * alternative), a local callback receiver on http://localhost, and a server clock that follows
 * real time (the evidence timing checks compare device compute time with server-side elapsed time).
 */
export async function startWidgetService(o: { serviceIds?: boolean; env?: Record<string, string>; manifest?: string } = {}): Promise<WidgetService> {
  const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
  const node: InferenceNode = await startInferenceNode({ config, logger: createLogger({ level: 'silent', component: 'inference' }) });
  // Without the provider a pass returns to the site at once; with it (serviceIds) the page first offers to save the
  // result to a service ID, which the service-ID tests walk through.
  // `manifest`: another models manifest for the widget and core alike (a test's own guard band).
  const env = o.manifest ? { ...o.env, MODELS_MANIFEST: o.manifest } : (o.env ?? {});
  const svc = await startTestService(BACKENDS[0], env, undefined, {
    inferenceNodes: [node.address],
    devicePolicy: readDevicePolicy(o.manifest ?? MANIFEST),
    oauth: o.serviceIds === true,
  });
  const key = (await svc.createTenant()).secret_key;
  const tick = setInterval(() => svc.clock.advance(100), 100);
  const receiver: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>tenant</title><h1>callback received</h1>'),
  );
  await new Promise<void>((r) => receiver.listen(0, r));
  const callback = `http://localhost:${(receiver.address() as AddressInfo).port}/return`;
  return {
    svc,
    key,
    callback,
    async verifyUrl(body = {}, apiKey = key) {
      const r = await svc.http('POST', '/verify/v1/init', { body: { callback_url: callback, min_age: 18, ...body }, headers: { 'x-api-key': apiKey } });
      if (r.status !== 200) throw new Error(`init ${r.status} ${r.text}`);
      return `${svc.url}/widget?t=${r.body.data.token}`;
    },
    async close() {
      clearInterval(tick);
      await new Promise((r) => receiver.close(r));
      await svc.close();
      await node.close();
    },
  };
}

/** Status, token and user_id of the callback URL the browser landed on. */
export function callbackParams(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
