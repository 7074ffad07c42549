import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createCoreClients } from '@idgate/protos';
import { FIELDS, createLogger, loadConfig, startMetricsServer, type FieldSpec, type ProcessRole } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { openDatabase } from '@idgate/core';
import { reachable, TEST_DATABASE_URL } from '@idgate/core/testing';
import { buildApp } from '@idgate/gateway';
import { partOf, probeFor } from '../docker/healthcheck.ts';
import { migrateSchema } from '../docker/migrate.ts';

/**
 * Drift between the deployment files (deploy/docker, deploy/k8s, deploy/env.example, .dockerignore)
 * and the code they deploy: the config schema, package.json's scripts and workspaces, the routes the
 * gateway serves, the ports each process listens on. The YAML is parsed directly, so every check but
 * the `kubectl kustomize` render runs without kubectl.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const K8S = join(ROOT, 'deploy/k8s');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

// ---- the config schema ----------------------------------------------------------------------------

const SPECS = Object.values(FIELDS) as FieldSpec[];
const SCHEMA_VARS = new Set(SPECS.map((f) => f.env));
const SECRET_VARS = new Set(SPECS.filter((f) => f.secret).map((f) => f.env));
const spec = (name: string) => SPECS.find((f) => f.env === name)!;

// ---- YAML and env files ---------------------------------------------------------------------------

type Obj = Record<string, any>;

function yamlDocs(file: string): Obj[] {
  return parseAllDocuments(readFileSync(join(K8S, file), 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as Obj;
    })
    .filter(Boolean);
}

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
function envFile(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of read(path).split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) out.set(m[1], m[2]);
  }
  return out;
}

const kustomization = yamlDocs('kustomization.yaml')[0];
const RESOURCE_FILES: string[] = kustomization.resources;
const RESOURCES: Obj[] = RESOURCE_FILES.flatMap(yamlDocs);
const CONFIG_ENV_FILE = `deploy/k8s/${kustomization.configMapGenerator[0].envs[0]}`;
const CONFIG_ENV = envFile(CONFIG_ENV_FILE);
const SECRET_EXAMPLE = yamlDocs('secret.example.yaml')[0];
const ALL_K8S_DOCS = readdirSync(K8S)
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .flatMap(yamlDocs);

const ofKind = (kind: string) => RESOURCES.filter((r) => r.kind === kind);
const DEPLOYMENTS = ofKind('Deployment');
const deployment = (name: string) => {
  const d = DEPLOYMENTS.find((x) => x.metadata.name === name);
  if (!d) throw new Error(`no Deployment ${name}`);
  return d;
};
const podSpec = (d: Obj): Obj => d.spec.template.spec;
const containersOf = (d: Obj): Obj[] => [...(podSpec(d).initContainers ?? []), ...podSpec(d).containers];
const mainContainer = (d: Obj): Obj => podSpec(d).containers[0];
/** The part a container runs, from its command (npm run start:core → core). */
function partRun(c: Obj): string | undefined {
  const cmd: string[] = c.command ?? [];
  if (cmd[0] === 'npm' && cmd[1] === 'start') return 'all-in-one';
  if (cmd[0] === 'npm' && cmd[1] === 'run') return /^start:(.+)$/.exec(cmd[2])?.[1];
  return undefined;
}
const containerRunning = (part: string) => {
  const found = DEPLOYMENTS.flatMap((d) => podSpec(d).containers as Obj[]).find((c) => partRun(c) === part);
  if (!found) throw new Error(`no container runs ${part}`);
  return found;
};
const deploymentRunning = (part: string) => DEPLOYMENTS.find((d) => partRun(mainContainer(d)) === part)!;

/** Placeholders of the Secret's keys: well-formed, so that the rest of a container's configuration is what gets checked. */
const SECRET_PLACEHOLDERS: Record<string, string> = {
  DATABASE_URL: 'postgres://idgate:pw@postgres:5432/idgate',
  REDIS_URL: 'redis://redis:6379',
  ADMIN_TOKEN: 'adm_placeholder',
  DATA_KEYS: `k1:${Buffer.alloc(32).toString('base64')}`,
  SMTP_URL: 'smtp://relay:587',
};

/** CPU count of a quantity ("4", "500m") rounded up, as the downward API gives it with divisor 1. */
function cpus(quantity: string): string {
  return String(Math.ceil(quantity.endsWith('m') ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity)));
}

/** The environment a container starts with: the image's ENV, then envFrom (in order), then env. */
function environmentOf(c: Obj): Record<string, string> {
  const env: Record<string, string> = { ...DOCKER.runtimeEnv };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) {
      expect(from.configMapRef.name, 'envFrom names the generated ConfigMap').toBe(kustomization.configMapGenerator[0].name);
      for (const [k, v] of CONFIG_ENV) env[k] = v;
    }
    if (from.secretRef) {
      expect(from.secretRef.name, 'envFrom names the Secret of secret.example.yaml').toBe(SECRET_EXAMPLE.metadata.name);
      for (const k of Object.keys(SECRET_EXAMPLE.stringData)) env[k] = SECRET_PLACEHOLDERS[k] ?? 'placeholder';
    }
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = String(e.value);
    else if (e.valueFrom?.resourceFieldRef?.resource === 'limits.cpu') env[e.name] = cpus(String(c.resources.limits.cpu));
    else throw new Error(`${c.name}: env ${e.name} comes from an unsupported source`);
  }
  return env;
}

function hostPort(address: string): { host: string; port: number } {
  const i = address.lastIndexOf(':');
  return { host: address.slice(0, i), port: Number(address.slice(i + 1)) };
}

/** A probe's or a Service's port: a number, or the name of one of the container's ports. */
function containerPort(c: Obj, port: number | string): number {
  if (typeof port === 'number') return port;
  const found = (c.ports ?? []).find((p: Obj) => p.name === port);
  if (!found) throw new Error(`${c.name} has no port named ${port}`);
  return found.containerPort;
}

const probesOf = (c: Obj): Obj[] => [c.startupProbe, c.livenessProbe, c.readinessProbe].filter(Boolean);

function matchesLabels(selector: Obj, labels: Obj): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

// ---- the Dockerfile ---------------------------------------------------------------------------------

const PACKAGE = JSON.parse(read('package.json')) as {
  scripts: Record<string, string>;
  workspaces: string[];
  dependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const DOCKERFILE = read('deploy/docker/Dockerfile');

/** Dockerfile instructions, continuation lines joined, comments dropped. */
const INSTRUCTIONS = DOCKERFILE.replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => ({ op: l.split(/\s+/)[0].toUpperCase(), args: l.slice(l.split(/\s+/)[0].length).trim() }));

const DOCKER = (() => {
  const lastFrom = INSTRUCTIONS.map((i) => i.op).lastIndexOf('FROM');
  const runtimeEnv: Record<string, string> = {};
  for (const i of INSTRUCTIONS.slice(lastFrom).filter((x) => x.op === 'ENV')) {
    for (const m of i.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) runtimeEnv[m[1]] = m[2];
  }
  return { lastFrom, runtimeEnv };
})();

/** An exec-form instruction's argv (CMD ["npm", "start"]). */
function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  return JSON.parse(json) as string[];
}

/** A command that runs an npm script or a file of the repository names one that exists. */
function expectRunnable(argv: string[], where: string): void {
  if (argv[0] === 'npm') {
    const script = argv[1] === 'start' ? 'start' : argv[1] === 'run' ? argv[2] : undefined;
    expect(script, `${where}: ${argv.join(' ')} runs an npm script`).toBeDefined();
    expect(PACKAGE.scripts[script!], `${where}: npm script "${script}" exists in package.json`).toBeDefined();
    // The start scripts exec node, so SIGTERM reaches the service (docs/operations.md).
    if (script!.startsWith('start')) expect(PACKAGE.scripts[script!]).toMatch(/^exec node /);
    return;
  }
  if (argv[0] === 'node') {
    const file = argv.slice(1).find((a) => !a.startsWith('-'));
    expect(file && existsSync(join(ROOT, file)), `${where}: ${file} exists`).toBe(true);
    return;
  }
  if (argv[0] === 'sleep') return; // preStop
  throw new Error(`${where}: unexpected command ${argv.join(' ')}`);
}

// ---- .dockerignore ------------------------------------------------------------------------------------

const IGNORE_RULES = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => ({ negate: l.startsWith('!'), pattern: l.replace(/^!/, '').replace(/^\//, '').replace(/\/$/, '') }));

/** Whether docker leaves `path` out of the build context (last matching rule wins; a match on a parent folder counts). */
function dockerIgnores(path: string): boolean {
  const parts = path.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const rule of IGNORE_RULES) {
    if (candidates.some((p) => matchesGlob(p, rule.pattern))) ignored = !rule.negate;
  }
  return ignored;
}

function filesUnder(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? filesUnder(rel) : [rel];
  });
}

// ---- environment probes -----------------------------------------------------------------------------

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

// Under CI Postgres is always there (.ci/run starts it): a missing one fails instead of skipping.
const postgres = process.env.TEST_SKIP_POSTGRES !== '1' && (process.env.CI === 'true' || (await reachable(TEST_DATABASE_URL)));

// =====================================================================================================

describe('deploy/env.example', () => {
  const lines = read('deploy/env.example').split('\n');
  const assignments = lines.flatMap((line, i) => {
    const m = /^(?:# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return m ? [{ name: m[1], value: m[2], comment: lines[i - 1] ?? '' }] : [];
  });

  it('names only variables of the config schema, each once', () => {
    const names = assignments.map((a) => a.name);
    expect(
      names.filter((n) => !SCHEMA_VARS.has(n)),
      'not in platform/src/config/fields.ts',
    ).toEqual([]);
    expect(
      names.filter((n, i) => names.indexOf(n) !== i),
      'listed twice',
    ).toEqual([]);
  });

  it('lists every variable of the config schema, each under a one-line comment', () => {
    const names = new Set(assignments.map((a) => a.name));
    expect(
      [...SCHEMA_VARS].filter((v) => !names.has(v)),
      'missing from deploy/env.example',
    ).toEqual([]);
    for (const a of assignments) expect(a.comment, `${a.name} has a comment line above it`).toMatch(/^# \S/);
  });

  it("shows each variable's default (empty where there is none or it is derived), secrets empty and marked", () => {
    for (const a of assignments) {
      const f = spec(a.name);
      // INFERENCE_POOL_SIZE's default is this machine's core count: no fixed value to show.
      const shown = f.secret || typeof f.default !== 'string' || a.name === 'INFERENCE_POOL_SIZE' ? '' : f.default;
      expect(a.value, `${a.name}`).toBe(shown);
      expect(a.comment.startsWith('# SECRET.'), `${a.name}'s comment starts with "SECRET." exactly when it is a secret`).toBe(Boolean(f.secret));
    }
  });
});

describe('deploy/k8s manifests', () => {
  it('kustomization lists files that exist, and leaves the examples (placeholder Secret, loader pod) out', () => {
    for (const file of [...RESOURCE_FILES, ...kustomization.configMapGenerator.flatMap((g: Obj) => g.envs)])
      expect(existsSync(join(K8S, file)), file).toBe(true);
    expect(RESOURCE_FILES.filter((f) => f.includes('example'))).toEqual([]);
    expect(ofKind('Secret'), 'no Secret is applied from the kustomization').toEqual([]);
    expect(existsSync(join(K8S, 'secret.example.yaml'))).toBe(true);
  });

  it('name only variables of the config schema', () => {
    const named = new Set<string>([...CONFIG_ENV.keys(), ...Object.keys(SECRET_EXAMPLE.stringData)]);
    for (const doc of ALL_K8S_DOCS.filter((d) => d.kind === 'Deployment' || d.kind === 'Pod')) {
      const pod = doc.kind === 'Pod' ? doc.spec : podSpec(doc);
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) for (const e of c.env ?? []) named.add(e.name);
    }
    expect(
      [...named].filter((n) => !SCHEMA_VARS.has(n)),
      'not in platform/src/config/fields.ts',
    ).toEqual([]);
  });

  it('keep every secret in the Secret, and the Secret example lists every secret of the schema, with empty values', () => {
    expect(
      [...CONFIG_ENV.keys()].filter((k) => SECRET_VARS.has(k)),
      `secrets in ${CONFIG_ENV_FILE}`,
    ).toEqual([]);
    for (const d of DEPLOYMENTS)
      for (const c of containersOf(d))
        expect(
          (c.env ?? []).filter((e: Obj) => SECRET_VARS.has(e.name)).map((e: Obj) => e.name),
          `${c.name}: secret in env`,
        ).toEqual([]);
    expect(SECRET_EXAMPLE.kind).toBe('Secret');
    expect(Object.keys(SECRET_EXAMPLE.stringData).sort()).toEqual([...SECRET_VARS].sort());
    expect(
      Object.values(SECRET_EXAMPLE.stringData).filter((v) => v !== ''),
      'placeholder values only',
    ).toEqual([]);
  });

  it('give every container a configuration that loads under NODE_ENV=production', () => {
    for (const d of DEPLOYMENTS) {
      for (const c of containersOf(d)) {
        const env = environmentOf(c);
        expect(env.NODE_ENV, `${c.name}`).toBe('production');
        const role = partRun(c) ?? 'core'; // the init container (migrations) runs with core's configuration
        expect(() => loadConfig(env, role as ProcessRole), `${d.metadata.name}/${c.name}`).not.toThrow();
      }
    }
    // The node that decodes untrusted images holds no secret.
    expect(
      containerRunning('inference').envFrom?.some((f: Obj) => f.secretRef),
      'inference gets no Secret',
    ).toBeFalsy();
  });

  it('run npm scripts or repository files that exist', () => {
    for (const doc of ALL_K8S_DOCS.filter((d) => d.kind === 'Deployment')) {
      for (const c of containersOf(doc)) {
        expect(c.command, `${c.name} says what it runs`).toBeDefined();
        expectRunnable(c.command, `${doc.metadata.name}/${c.name}`);
        const preStop = c.lifecycle?.preStop?.exec?.command;
        if (preStop) expectRunnable(preStop, `${c.name} preStop`);
      }
    }
    expect(new Set(DEPLOYMENTS.map((d) => partRun(mainContainer(d))))).toEqual(new Set(['gateway', 'core', 'inference']));
  });

  it('probe the gateway on paths it serves, and scrape the paths each process serves', async () => {
    const gateway = containerRunning('gateway');
    const httpPaths = probesOf(gateway)
      .filter((p) => p.httpGet)
      .map((p) => p.httpGet.path);
    expect(httpPaths).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    const scrape = deploymentRunning('gateway').spec.template.metadata.annotations;
    const kv = await openKeyValueStore(undefined);
    const core = createCoreClients('127.0.0.1:1', { multiplex: false });
    const app = await buildApp({
      core,
      kv,
      log: createLogger({ level: 'silent', component: 'manifests-spec' }),
      settings: {
        baseUrl: 'http://localhost:8080',
        bodyLimitBytes: 65536,
        requestTimeoutMs: 120_000,
        adminToken: 'adm_test',
        rateLimits: { init: 10, tokenVerify: 10, widget: 10, wallet: 10 },
        maxImageBytes: 15_000_000,
        maxFrameBytes: 4_000_000,
        uploadLimits: { clientMaxInFlight: 8, clientMaxBytes: 48_000_000, processMaxInFlight: 32, processMaxBytes: 64_000_000 },
      },
    });
    try {
      for (const path of [...httpPaths, scrape['prometheus.io/path']])
        expect(app.hasRoute({ method: 'GET', url: path }), `gateway serves GET ${path}`).toBe(true);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // No core behind it: not ready.
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await app.close();
      core.close();
      await kv.close();
    }
    expect(Number(scrape['prometheus.io/port'])).toBe(containerPort(gateway, 'http'));
  });

  it('probe core and inference on what they expose: grpc.health.v1 on the gRPC port and /metrics on METRICS_PORT', async () => {
    const metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    try {
      for (const part of ['core', 'inference']) {
        const c = containerRunning(part);
        const env = environmentOf(c);
        const listen = hostPort(part === 'core' ? env.CORE_GRPC_ADDRESS : env.INFERENCE_GRPC_ADDRESS);
        expect(listen.host, `${part} listens on the pod's interfaces`).toBe('0.0.0.0');
        for (const probe of probesOf(c)) {
          if (probe.grpc) expect(probe.grpc.port, `${part}: gRPC probe on the gRPC port (a number)`).toBe(listen.port);
          else if (probe.httpGet) {
            expect(containerPort(c, probe.httpGet.port), `${part}: HTTP probe on METRICS_PORT`).toBe(Number(env.METRICS_PORT));
            const res = await fetch(`http://${metrics.address}${probe.httpGet.path}`);
            expect(res.status, `the metrics listener answers ${probe.httpGet.path}`).toBe(200);
          } else throw new Error(`${part}: unexpected probe ${JSON.stringify(probe)}`);
        }
        expect(c.readinessProbe?.grpc, `${part} readiness`).toBeDefined();
        const scrape = deploymentRunning(part).spec.template.metadata.annotations;
        expect(Number(scrape['prometheus.io/port'])).toBe(Number(env.METRICS_PORT));
        expect((await fetch(`http://${metrics.address}${scrape['prometheus.io/path']}`)).status).toBe(200);
      }
    } finally {
      await metrics.close();
    }
  });

  it("serve the gateway on PORT and core where the gateway dials it; Services' target ports are the pods' ports", () => {
    const gateway = containerRunning('gateway');
    const gatewayEnv = environmentOf(gateway);
    expect(containerPort(gateway, 'http')).toBe(Number(gatewayEnv.PORT));
    const coreEnv = environmentOf(containerRunning('core'));
    // dns:/// + a headless Service: the gateway resolves every core pod and dials their port itself.
    expect(gatewayEnv.CORE_GRPC_ADDRESS).toMatch(/^dns:\/\/\//);
    const dial = hostPort(gatewayEnv.CORE_GRPC_ADDRESS.slice('dns:///'.length));
    const coreService = ofKind('Service').find((s) => s.metadata.name === dial.host);
    expect(coreService, `a Service named ${dial.host} (the gateway's CORE_GRPC_ADDRESS)`).toBeDefined();
    expect(coreService!.spec.clusterIP, 'a headless Service').toBe('None');
    const corePort = coreService!.spec.ports.find((p: Obj) => p.port === dial.port);
    expect(corePort, `${dial.host} serves port ${dial.port}`).toBeDefined();
    expect(dial.port, 'the pods listen on the port the gateway dials').toBe(hostPort(coreEnv.CORE_GRPC_ADDRESS).port);
    expect(containerPort(containerRunning('core'), corePort.targetPort)).toBe(hostPort(coreEnv.CORE_GRPC_ADDRESS).port);

    for (const service of ofKind('Service')) {
      // One part per Service (several Deployments may run it, e.g. inference on two node pools).
      const targets = DEPLOYMENTS.filter((d) => matchesLabels(service.spec.selector, d.spec.template.metadata.labels));
      expect(new Set(targets.map((d) => partRun(mainContainer(d)))).size, `Service ${service.metadata.name} selects the pods of one part`).toBe(1);
      for (const t of targets) for (const p of service.spec.ports) containerPort(mainContainer(t), p.targetPort);
    }
  });

  it("give the inference nodes a headless Service, the one core's INFERENCE_NODES resolves, on the nodes' port", () => {
    const nodes = environmentOf(containerRunning('core')).INFERENCE_NODES.split(',');
    const inferenceListen = hostPort(environmentOf(containerRunning('inference')).INFERENCE_GRPC_ADDRESS);
    for (const entry of nodes) {
      expect(entry, 'a dns:/// entry (pods come and go)').toMatch(/^dns:\/\/\//);
      const { host, port } = hostPort(entry.slice('dns:///'.length));
      const service = ofKind('Service').find((s) => s.metadata.name === host);
      expect(service, `a Service named ${host}`).toBeDefined();
      expect(service!.spec.clusterIP, `${host} is headless: its DNS answers one address per pod`).toBe('None');
      expect(matchesLabels(service!.spec.selector, deploymentRunning('inference').spec.template.metadata.labels)).toBe(true);
      expect(port, 'core dials the port the nodes listen on').toBe(inferenceListen.port);
      expect(service!.spec.ports.map((p: Obj) => p.port)).toContain(inferenceListen.port);
    }
  });

  it('select what exists: Deployment, PDB, HPA and NetworkPolicy selectors match pods', () => {
    for (const d of DEPLOYMENTS) expect(matchesLabels(d.spec.selector.matchLabels, d.spec.template.metadata.labels), d.metadata.name).toBe(true);
    const partsSelected = (selector: Obj) =>
      new Set(DEPLOYMENTS.filter((d) => matchesLabels(selector, d.spec.template.metadata.labels)).map((d) => partRun(mainContainer(d))));
    for (const pdb of ofKind('PodDisruptionBudget'))
      expect(partsSelected(pdb.spec.selector.matchLabels).size, `${pdb.metadata.name} covers the pods of one part`).toBe(1);
    for (const np of ofKind('NetworkPolicy')) {
      expect(partsSelected(np.spec.podSelector.matchLabels).size, `${np.metadata.name} applies to the pods of one part`).toBe(1);
      const pods = DEPLOYMENTS.filter((d) => matchesLabels(np.spec.podSelector.matchLabels, d.spec.template.metadata.labels));
      for (const pod of pods) for (const rule of np.spec.ingress) for (const p of rule.ports) containerPort(mainContainer(pod), p.port);
      for (const rule of np.spec.ingress)
        for (const from of rule.from)
          if (from.podSelector)
            expect(
              DEPLOYMENTS.some((d) => matchesLabels(from.podSelector.matchLabels, d.spec.template.metadata.labels)),
              `${np.metadata.name} admits existing pods`,
            ).toBe(true);
    }
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(
      [deploymentRunning('core').metadata.name, deploymentRunning('gateway').metadata.name].sort(),
    );
    for (const hpa of hpas) {
      const target = deployment(hpa.spec.scaleTargetRef.name);
      expect(target.spec.replicas, `${target.metadata.name}: replicas are the HPA's (an apply would reset them)`).toBeUndefined();
      expect(hpa.spec.minReplicas, `${hpa.metadata.name}: at least 2, so the PDB can let one go`).toBeGreaterThanOrEqual(2);
      for (const c of podSpec(target).containers) expect(c.resources?.requests?.cpu, 'CPU utilisation needs a CPU request').toBeDefined();
    }
  });

  it('give each pod time to shut down gracefully: preStop + SHUTDOWN_GRACE_MS (+ WEBHOOK_TIMEOUT_MS for core) + 5 s', () => {
    for (const d of DEPLOYMENTS) {
      const c = mainContainer(d);
      const env = environmentOf(c);
      const cfg = loadConfig(env, partRun(c) as ProcessRole);
      const preStop = c.lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? Number(c.lifecycle.preStop.exec.command[1]) : 0;
      const webhooks = partRun(c) === 'core' ? cfg.webhookTimeoutMs / 1000 : 0;
      const needed = preStop + cfg.shutdownGraceMs / 1000 + webhooks + 5;
      expect(podSpec(d).terminationGracePeriodSeconds, `${d.metadata.name} needs ${needed} s`).toBeGreaterThanOrEqual(needed);
    }
  });

  it('lock every container down: non-root, read-only root filesystem with a writable /tmp, no privileges, requests and limits', () => {
    for (const doc of ALL_K8S_DOCS.filter((d) => d.kind === 'Deployment' || d.kind === 'Pod')) {
      const pod = doc.kind === 'Pod' ? doc.spec : podSpec(doc);
      expect(pod.securityContext?.runAsNonRoot, doc.metadata.name).toBe(true);
      expect(pod.securityContext?.runAsUser, doc.metadata.name).toBeGreaterThan(0);
      expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
      expect(pod.automountServiceAccountToken, `${doc.metadata.name}: no API token`).toBe(false);
      for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
        const where = `${doc.metadata.name}/${c.name}`;
        expect(c.securityContext?.readOnlyRootFilesystem, where).toBe(true);
        expect(c.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(c.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
        for (const kind of ['requests', 'limits']) for (const r of ['cpu', 'memory']) expect(c.resources?.[kind]?.[r], `${where} ${kind}.${r}`).toBeDefined();
        if (doc.kind === 'Deployment') {
          const tmp = (c.volumeMounts ?? []).find((m: Obj) => m.mountPath === '/tmp');
          expect(tmp && pod.volumes.find((v: Obj) => v.name === tmp.name)?.emptyDir, `${where}: /tmp is an emptyDir`).toBeTruthy();
        }
      }
    }
  });

  it('mount the models PVC read-only at MODELS_DIR wherever models are read (gateway, inference), and only there', () => {
    const pvcs = ofKind('PersistentVolumeClaim').map((p) => p.metadata.name);
    for (const d of DEPLOYMENTS) {
      const c = mainContainer(d);
      const modelsDir = environmentOf(c).MODELS_DIR;
      const mount = (c.volumeMounts ?? []).find((m: Obj) => m.mountPath === modelsDir);
      if (partRun(c) === 'core') {
        // core reads only the manifest, which is in the image.
        expect(mount, 'core mounts no models').toBeUndefined();
        continue;
      }
      expect(mount, `${d.metadata.name} mounts MODELS_DIR (${modelsDir})`).toBeDefined();
      expect(mount.readOnly, `${d.metadata.name}: read-only`).toBe(true);
      const volume = podSpec(d).volumes.find((v: Obj) => v.name === mount.name);
      expect(pvcs, `${d.metadata.name}: a PVC of the kustomization`).toContain(volume.persistentVolumeClaim?.claimName);
      expect(volume.persistentVolumeClaim.readOnly).toBe(true);
    }
  });

  it('run the migrations under a lock before core starts, with the same configuration as core', () => {
    const core = deploymentRunning('core');
    const init = (podSpec(core).initContainers ?? []).find((c: Obj) => c.command?.includes('deploy/docker/migrate.ts'));
    expect(init, 'core has the migrate init container').toBeDefined();
    expect(init.image).toBe(mainContainer(core).image);
    expect(init.envFrom).toEqual(mainContainer(core).envFrom);
  });

  it.skipIf(!kubectl)('render with `kubectl kustomize deploy/k8s`: namespaced, ConfigMap hashed and referenced, no Secret', () => {
    const out = spawnSync('kubectl', ['kustomize', K8S], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const docs = parseAllDocuments(out.stdout).map((d) => d.toJS() as Obj);
    const kinds = docs.map((d) => d.kind).sort();
    expect(kinds).toEqual([
      'ConfigMap',
      'Deployment',
      'Deployment',
      'Deployment',
      'HorizontalPodAutoscaler',
      'HorizontalPodAutoscaler',
      'Namespace',
      'NetworkPolicy',
      'NetworkPolicy',
      'PersistentVolumeClaim',
      'PodDisruptionBudget',
      'PodDisruptionBudget',
      'PodDisruptionBudget',
      'Service',
      'Service',
      'Service',
      'ServiceAccount',
    ]);
    const namespace = docs.find((d) => d.kind === 'Namespace')!.metadata.name;
    for (const d of docs.filter((x) => x.kind !== 'Namespace')) expect(d.metadata.namespace, `${d.kind}/${d.metadata.name}`).toBe(namespace);
    const configMap = docs.find((d) => d.kind === 'ConfigMap')!.metadata.name as string;
    expect(configMap).toMatch(/^idgate-config-[a-z0-9]{10}$/);
    for (const d of docs.filter((x) => x.kind === 'Deployment')) {
      for (const c of [...(d.spec.template.spec.initContainers ?? []), ...d.spec.template.spec.containers]) {
        expect(c.envFrom.find((f: Obj) => f.configMapRef).configMapRef.name).toBe(configMap);
        expect(c.image).toBe(`${kustomization.images[0].newName}:${kustomization.images[0].newTag}`);
      }
    }
  });
});

describe('deploy/docker', () => {
  it('builds on the Node release package.json pins (the npm "node" package), in every stage', () => {
    const pinned = PACKAGE.dependencies.node;
    expect(DOCKERFILE).toMatch(new RegExp(`^ARG NODE_VERSION=${pinned.replace(/\./g, '\\.')}$`, 'm'));
    const froms = INSTRUCTIONS.filter((i) => i.op === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const f of froms) expect(f.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim( AS \w+)?$/);
    // The pinned binary first on PATH: the healthcheck and the migration runner use it too.
    expect(DOCKER.runtimeEnv.PATH).toMatch(/^\/app\/node_modules\/\.bin:/);
  });

  it('copies the lockfile, .npmrc and every workspace manifest before `npm ci`, which downloads nothing from NuGet', () => {
    const ci = INSTRUCTIONS.findIndex((i) => i.op === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(ci, 'RUN npm ci').toBeGreaterThan(0);
    const copied = INSTRUCTIONS.slice(0, ci)
      .filter((i) => i.op === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const file of ['package.json', 'package-lock.json', '.npmrc', ...PACKAGE.workspaces.map((w) => `${w}/package.json`)])
      expect(copied, file).toContain(file);
    expect(
      INSTRUCTIONS.some((i) => i.op === 'RUN' && /\bnpm (install|i)\b/.test(i.args)),
      'npm ci, never npm install',
    ).toBe(false);
    // onnxruntime-node's install script would fetch CUDA libraries from NuGet: package.json's allowScripts
    // denies it (npm >= 11.16), and the build stage skips it with any npm through the variable the script reads.
    // .npmrc holds only settings npm knows (an unknown one prints a warning on every npm command).
    expect(PACKAGE.allowScripts['onnxruntime-node']).toBe(false);
    const buildEnv = INSTRUCTIONS.slice(0, ci).filter((i) => i.op === 'ENV');
    expect(buildEnv.map((i) => i.args).join(' ')).toMatch(/(^|\s)ONNXRUNTIME_NODE_INSTALL=skip(\s|$)/);
    const settings = read('.npmrc')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'));
    expect(settings.filter((l) => /onnxruntime/.test(l))).toEqual([]);
  });

  it('npm reads the project .npmrc without an "Unknown project config" warning', () => {
    // npm_execpath: the npm that runs this test (npm test, npx vitest); else the one on PATH.
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
    const r = spawnSync(npm[0], [...npm.slice(1), 'config', 'get', 'engine-strict'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('false'); // the project .npmrc was read
    expect(r.stderr).not.toMatch(/Unknown (project|user|builtin|global) config/);
  });

  it('runs as a numeric non-root user in production, and its CMD and HEALTHCHECK name things that exist', () => {
    const user = INSTRUCTIONS.filter((i) => i.op === 'USER').at(-1)!.args;
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(':')[0])).toBeGreaterThan(0);
    expect(DOCKER.runtimeEnv.NODE_ENV).toBe('production');
    const schemaLike = Object.keys(DOCKER.runtimeEnv).filter((k) => k !== 'PATH' && !k.startsWith('NPM_CONFIG_'));
    expect(
      schemaLike.filter((k) => !SCHEMA_VARS.has(k)),
      'ENV names a config variable',
    ).toEqual([]);
    expect(() => loadConfig({ ...DOCKER.runtimeEnv, ...SECRET_PLACEHOLDERS, BASE_URL: 'https://idgate.example.com' })).not.toThrow();
    expectRunnable(execForm(INSTRUCTIONS.filter((i) => i.op === 'CMD').at(-1)!.args), 'CMD');
    expectRunnable(execForm(INSTRUCTIONS.find((i) => i.op === 'HEALTHCHECK')!.args), 'HEALTHCHECK');
    const volumes = INSTRUCTIONS.filter((i) => i.op === 'VOLUME').flatMap((i) => execForm(i.args));
    expect(volumes, 'DATA_DIR is a volume').toContain(DOCKER.runtimeEnv.DATA_DIR);
    expect(INSTRUCTIONS.some((i) => i.op === 'EXPOSE' && i.args.split(/\s+/).includes(DOCKER.runtimeEnv.PORT))).toBe(true);
    // Models are mounted, never copied in (non-commercial licences).
    expect(INSTRUCTIONS.filter((i) => (i.op === 'COPY' || i.op === 'ADD') && /\.onnx|\bmodels\b/.test(i.args))).toEqual([]);
  });

  it('.dockerignore keeps what the build and the service need, and drops what the image must not carry', () => {
    const needed = [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'inference/models.manifest.json',
      'protos/core.proto',
      ...PACKAGE.workspaces.map((w) => `${w}/package.json`),
      ...['platform/src', 'protos/src', 'protos/gen', 'core/src', 'inference/src', 'oauth/src', 'gateway/src', 'deploy/src', 'deploy/docker']
        .flatMap(filesUnder)
        .filter((f) => !/\.(spec|test)\.ts$/.test(f) && !f.endsWith('/Dockerfile')),
    ];
    expect(needed.length).toBeGreaterThan(100);
    expect(needed.filter(dockerIgnores), 'needed in the image but excluded by .dockerignore').toEqual([]);
    const excluded = [
      'node_modules/fastify/package.json',
      'gateway/node_modules/x/index.js',
      '.data/pglite/PG_VERSION',
      '.git/HEAD',
      'models/yunet_n_320_320.onnx',
      'inference/x.onnx',
      '.env',
      'bench/results/inference.json',
      'test/e2e/flow.test.ts',
      'core/src/db/client.spec.ts',
    ];
    expect(
      excluded.filter((f) => !dockerIgnores(f)),
      'must stay out of the build context',
    ).toEqual([]);
  });

  it('healthcheck: finds the part from the command lines and probes what it exposes', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '8080', CORE_GRPC_ADDRESS: '0.0.0.0:50051', INFERENCE_GRPC_ADDRESS: '0.0.0.0:50052' });
    // The part is the one whose entry script a package.json start script runs.
    for (const [script, part] of [
      ['start', 'all-in-one'],
      ['start:gateway', 'gateway'],
      ['start:core', 'core'],
      ['start:inference', 'inference'],
    ] as const) {
      const argv = PACKAGE.scripts[script].replace(/^exec /, '');
      expect(partOf(['npm run x', argv]), script).toBe(part);
    }
    expect(partOf(['npm start', 'node --disable-warning=ExperimentalWarning deploy/docker/healthcheck.ts'])).toBeUndefined();
    expect(probeFor('gateway', config)).toEqual({ kind: 'http', host: '127.0.0.1', port: 8080, path: '/healthz' });
    expect(probeFor('all-in-one', config).kind).toBe('http');
    expect(probeFor('core', config)).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 50051 });
    expect(probeFor('inference', config)).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 50052 });
  });

  it.skipIf(!postgres)('migrate.ts: runners started together (init containers of several core pods) all succeed and migrate once', async () => {
    const schema = `deploy_migrate_${process.pid}_${Date.now()}`;
    try {
      const results = await Promise.allSettled([0, 1, 2, 3].map(() => migrateSchema(TEST_DATABASE_URL, schema)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const db = await openDatabase({ url: TEST_DATABASE_URL, schemaName: schema, poolSize: 1 });
      try {
        await db.migrate(); // core's own run afterwards: nothing left to apply
        const applied = await db.pool!.query(`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_n FROM "${schema}".__drizzle_migrations`);
        const files = readdirSync(join(ROOT, 'core/src/db/migrations')).filter((f) => f.endsWith('.sql'));
        expect(applied.rows[0]).toEqual({ n: files.length, distinct_n: files.length });
      } finally {
        await db.close();
      }
    } finally {
      const db = await openDatabase({ url: TEST_DATABASE_URL, poolSize: 1 });
      await db.pool!.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    }
  });
});
