import { readFileSync } from 'node:fs';
import { FACES_DIR } from '@idgate/inference/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { activeModels, DEFAULT_MANIFEST_PATH, parseManifest, startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, init, startTestService, startWidget, testConfig, type TestService } from '../src/index.ts';
import { Receiver } from '../webhooks/support/receiver.ts';
import { createEndpoint } from '../webhooks/support/webhooks.ts';

const active = activeModels(parseManifest(JSON.parse(readFileSync(DEFAULT_MANIFEST_PATH, 'utf8')), DEFAULT_MANIFEST_PATH));

/** Parses the Prometheus text format into `name{labels}` → value. */
function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

/**
 * DESIGN "Logging and metrics" over HTTP: one process (as `npm start` runs it: gateway, core and an
 * inference node) answers GET /metrics with request latency, the inference queue and latency per
 * model, core's view of the nodes, and webhook delivery outcomes, after a server-side face check
 * whose session.success webhook reached a real receiver.
 */
describe('GET /metrics after a server-side check and a webhook delivery', () => {
  let node: InferenceNode;
  let svc: TestService;
  let receiver: Receiver;
  let secrets: string[] = [];
  let metrics: Map<string, number>;
  let text = '';

  beforeAll(async () => {
    node = await startInferenceNode({
      config: testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' }),
      logger: createLogger({ level: 'silent', component: 'inference' }),
    });
    svc = await startTestService(BACKENDS[0], { WEBHOOK_POLL_MS: '10' }, undefined, { inferenceNodes: [node.address] });
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    const tenant = await svc.createTenant();
    const endpoint = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/hooks`, events: ['session.success'] });
    const i = await init(svc, tenant.secret_key, { verification_mode: 'facial' });
    const s = await startWidget(svc, i.body.data.token);
    const frames = [readFileSync(`${FACES_DIR}/biden_1.jpg`).toString('base64')];
    const r = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames }, headers: { 'x-widget-session': s.body.data.widget_session } });
    expect(r.status).toBe(200);
    await receiver.waitFor(() => receiver.requests.some((q) => q.path === '/hooks'), 10_000, 'the session.success delivery');
    const eventId = String(receiver.requests[0].headers['x-service-delivery']);
    // Values that must never become labels (docs/operations.md "Metrics": bounded labels, no personal data).
    secrets = [
      tenant.tenant_id,
      tenant.secret_key,
      tenant.public_key,
      i.body.data.token,
      s.body.data.widget_session,
      endpoint.id,
      eventId,
      receiver.url,
      `${receiver.url}/hooks`,
    ];
    // The outcome is counted once written down, which follows the answer by a turn of the record lane.
    for (let k = 0; k < 200; k++) {
      const res = await svc.http('GET', '/metrics');
      text = res.text;
      metrics = parse(text);
      if ((metrics.get('idgate_webhook_deliveries_total{outcome="delivered"}') ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, 120_000);
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
    await node?.close();
  });

  it('is Prometheus text from the one process registry', async () => {
    const res = await svc.http('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(text).toContain('# TYPE idgate_http_request_duration_seconds histogram');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('the inference node: queue gauges, task latency, and stage latency per model with counts > 0', () => {
    for (const gauge of ['idgate_inference_queue_depth', 'idgate_inference_workers_busy']) expect(metrics.get(gauge)).toBe(0);
    expect(metrics.get('idgate_inference_workers')).toBe(1);
    expect(metrics.get('idgate_inference_task_duration_seconds_count{task="check",outcome="ok"}')).toBeGreaterThan(0);
    const stages: [string, string][] = [
      ['detect', active.detector.id],
      ['liveness', active.liveness.map((l) => l.id).join('+')],
      ['age', active.age.id],
      ['embed', active.recognizer.id],
      ['decode', 'none'],
    ];
    for (const [stage, model] of stages)
      expect(metrics.get(`idgate_inference_stage_duration_seconds_count{stage="${stage}",model="${model}"}`), stage).toBeGreaterThan(0);
  });

  it("core's scheduler: call latency by method and outcome, nodes up, outstanding jobs per node", () => {
    expect(metrics.get('idgate_inference_call_duration_seconds_count{method="checkFace",outcome="ok"}')).toBeGreaterThan(0);
    expect(metrics.get('idgate_inference_nodes{health="healthy"}')).toBe(1);
    expect(metrics.get(`idgate_inference_node_outstanding_jobs{node="${node.address}"}`)).toBe(0);
    expect(text).toContain('# TYPE idgate_inference_call_retries_total counter');
  });

  it('webhooks: a delivered outcome and the attempt latency of a 2xx', () => {
    expect(metrics.get('idgate_webhook_deliveries_total{outcome="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(metrics.get('idgate_webhook_attempt_duration_seconds_count{result="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(metrics.get('idgate_webhook_attempts_in_flight')).toBe(0);
  });

  it('labels carry no ids, keys, tokens or URLs', () => {
    for (const value of secrets) expect(text.includes(value), value).toBe(false);
    expect(text).not.toMatch(/(ten|prj|whe|evt)_[A-Za-z0-9]|sk_live_|pk_live_|xit_|xtk_|https?:\/\//);
  });
});
