/**
 * The folder import rules of DESIGN.md ("Folders and who may import whom"), checked in CI by
 * `npm run lint:deps`. Packages reach each other only through their public entry points
 * (package.json "exports"); a relative import across package folders is a deep import.
 */
const pkg = (name) => `^${name}/`;
module.exports = {
  forbidden: [
    // Two packages at the bottom. platform/ (@idgate/platform) is what every process runs on
    // (config, logger, metrics, crypto, countries; the key-value store as its own entry,
    // @idgate/platform/kv); protos/ (@idgate/protos) holds the contracts between processes (proto
    // files, generated code, typed clients, the error catalogue) and may use the platform.
    {
      name: 'platform-imports-nothing-of-ours',
      severity: 'error',
      from: { path: pkg('platform') },
      to: { path: '^(protos|core|inference|gateway|oauth|deploy|bench|test)/' },
    },
    {
      name: 'protos-imports-platform-only',
      severity: 'error',
      from: { path: pkg('protos') },
      to: { path: '^(core|inference|gateway|oauth|deploy|bench|test)/' },
    },
    {
      name: 'protos-reaches-no-kv',
      severity: 'error',
      comment: 'The contracts hold no state: they use the logger, metrics and config, never the key-value store (their specs may, to check start-up failures).',
      from: { path: pkg('protos'), pathNot: '\\.spec\\.ts$' },
      to: { path: '^platform/src/kv/', reachable: true },
    },
    { name: 'core-imports-protos-only', severity: 'error', from: { path: pkg('core') }, to: { path: '^(inference|gateway|oauth|deploy|bench|test)/' } },
    { name: 'inference-imports-protos-only', severity: 'error', from: { path: pkg('inference') }, to: { path: '^(core|gateway|oauth|deploy|bench|test)/' } },
    { name: 'oauth-imports-protos-only', severity: 'error', from: { path: pkg('oauth') }, to: { path: '^(core|inference|gateway|deploy|bench|test)/' } },
    {
      name: 'gateway-imports-protos-oauth-and-browser-vision-only',
      severity: 'error',
      from: { path: pkg('gateway') },
      to: { path: '^(core|deploy|bench|test)/|^inference/(?!src/vision/)' },
    },
    {
      name: 'nothing-imports-deploy-bench-test',
      severity: 'error',
      from: { path: '^(platform|protos|core|inference|gateway|oauth)/' },
      to: { path: '^(deploy|bench|test)/' },
    },
    {
      name: 'no-deep-imports-into-other-packages',
      severity: 'error',
      comment:
        "Only another package's src/index.ts (or a declared export) may be imported. Benchmarks are exempt: a per-stage benchmark measures internal stages on purpose.",
      from: { path: '^(platform|protos|core|inference|gateway|oauth|deploy|test)/' },
      to: {
        path: '^(platform|protos|core|inference|gateway|oauth)/src/',
        pathNot: [
          '^(platform|protos|core|inference|gateway|oauth)/src/index\\.ts$',
          '^platform/src/kv/index\\.ts$',
          '^core/src/testing/index\\.ts$',
          '^inference/src/vision/index\\.ts$',
          '^gateway/src/widget/document-guidance\\.ts$',
          '^protos/src/age-gate/index\\.ts$',
          '^$1/',
        ],
      },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },

    // Layers inside core, top to bottom: the gRPC handlers (grpc/) and the wiring (container.ts,
    // start.ts, index.ts); jobs/; services (*.service.ts); repositories (*.repository.ts); db/.
    // core/src is cut into one folder per domain (sessions/, tenancy/, billing/, widget/, documents/,
    // review/, faces/, rules/, service-ids/, geo/), each holding its services, repositories and pure
    // rules; the layer of a file is named by its suffix, so the rules below match suffixes, not
    // folders. lib/ (helpers) sits beside them for all to use; scheduler/, screening/ and webhooks/
    // are subsystems the services use. A lower layer never imports a higher one. Type-only imports
    // are compiled away and not checked (a service types its deps by another domain's class).
    {
      name: 'core-grpc-handlers-are-the-top',
      severity: 'error',
      comment: 'Only the wiring (start.ts, index.ts) and the handlers themselves import core/src/grpc.',
      from: { path: '^core/src/', pathNot: '^core/src/(grpc/|start\\.ts$|index\\.ts$)' },
      to: { path: '^core/src/grpc/' },
    },
    {
      name: 'core-services-below-handlers-and-wiring',
      severity: 'error',
      from: { path: '^core/src/.+\\.service\\.ts$' },
      to: { path: '^core/src/(grpc|jobs)/|^core/src/[^/]+\\.ts$' },
    },
    {
      name: 'core-repositories-below-services',
      severity: 'error',
      comment: 'A repository reads and writes rows (db/, pure rules and types, lib/); it never calls a service, a handler or a subsystem.',
      from: { path: '^core/src/.+\\.repository\\.ts$' },
      to: { path: '\\.(service|handlers)\\.ts$|^core/src/(grpc|jobs|scheduler)/|^core/src/screening/(?!.*\\.repository\\.ts$)|^core/src/[^/]+\\.ts$' },
    },
    {
      name: 'core-db-is-the-bottom',
      severity: 'error',
      comment: 'db/ (client, schema, migrations) imports only db/ and lib/ (its tests: the testing seam).',
      from: { path: '^core/src/db/' },
      to: { path: '^core/src/', pathNot: '^core/src/(db|lib)/|^core/src/testing/index\\.ts$' },
    },
    {
      name: 'core-domain-rules-are-pure',
      severity: 'error',
      comment:
        'In a domain folder, a file that is neither a service nor a repository holds rules and types: it imports no service, repository, database, subsystem or wiring (lib/ and other pure rules only).',
      from: {
        path: '^core/src/(sessions|tenancy|billing|widget|documents|review|faces|rules|service-ids|geo)/',
        pathNot: '\\.(service|repository|spec)\\.ts$',
      },
      to: { path: '\\.(service|repository|handlers)\\.ts$|^core/src/(db|grpc|jobs|scheduler|screening|webhooks)/|^core/src/[^/]+\\.ts$' },
    },
    {
      name: 'core-lib-imports-lib-only',
      severity: 'error',
      from: { path: '^core/src/lib/' },
      to: { path: '^core/src/', pathNot: '^core/src/lib/' },
    },
    {
      name: 'core-subsystems-below-services',
      severity: 'error',
      comment:
        'scheduler/, screening/ and webhooks/ are used by the domain services, never the other way round; they keep their own storage code. (The screening services sit in screening/ beside the engine they serve, above it.)',
      from: { path: '^core/src/(scheduler|screening|webhooks)/', pathNot: '^core/src/screening/.+\\.service\\.ts$' },
      to: {
        path: '^core/src/(sessions|tenancy|billing|widget|documents|review|faces|rules|service-ids|geo)/.+\\.(service|repository)\\.ts$|^core/src/screening/.+\\.service\\.ts$|^core/src/(grpc|jobs)/|^core/src/[^/]+\\.ts$',
      },
    },

    // The inference node holds no state: no key-value store, no database. The platform's main entry
    // leaves the key-value store out (it is @idgate/platform/kv), so the rule holds for what the
    // node's code reaches through any chain of imports, not only what it imports itself.
    {
      name: 'inference-reaches-no-kv-or-database',
      severity: 'error',
      from: { path: '^inference/' },
      to: { path: '^platform/src/kv/|(^|/)node_modules/(redis|@redis/[^/]+|pg|pg-[^/]+|@electric-sql/pglite|drizzle-orm)/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules is not excluded, only not followed: rules can name packages (inference-reaches-no-kv-or-database).
    exclude: { path: '^protos/gen/' },
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.js'] },
  },
};
