/**
 * The folder import rules of DESIGN.md ("Folders and who may import whom"), checked in CI by
 * `npm run lint:deps`. Packages reach each other only through their public entry points
 * (package.json "exports"); a relative import across package folders is a deep import.
 */
const pkg = (name) => `^${name}/`;
module.exports = {
  forbidden: [
    { name: 'protos-imports-external-only', severity: 'error', from: { path: pkg('protos') }, to: { path: '^(core|inference|gateway|oauth|deploy|bench|test)/' } },
    { name: 'core-imports-protos-only', severity: 'error', from: { path: pkg('core') }, to: { path: '^(inference|gateway|oauth|deploy|bench|test)/' } },
    { name: 'inference-imports-protos-only', severity: 'error', from: { path: pkg('inference') }, to: { path: '^(core|gateway|oauth|deploy|bench|test)/' } },
    { name: 'oauth-imports-protos-only', severity: 'error', from: { path: pkg('oauth') }, to: { path: '^(core|inference|gateway|deploy|bench|test)/' } },
    {
      name: 'gateway-imports-protos-oauth-and-browser-vision-only', severity: 'error',
      from: { path: pkg('gateway') },
      to: { path: '^(core|deploy|bench|test)/|^inference/(?!src/vision/)' },
    },
    { name: 'nothing-imports-deploy-bench-test', severity: 'error', from: { path: '^(protos|core|inference|gateway|oauth)/' }, to: { path: '^(deploy|bench|test)/' } },
    {
      name: 'no-deep-imports-into-other-packages', severity: 'error',
      comment: 'Only another package\'s src/index.ts (or a declared export) may be imported. Benchmarks are exempt: a per-stage benchmark measures internal stages on purpose.',
      from: { path: '^(protos|core|inference|gateway|oauth|deploy|test)/' },
      to: { path: '^(protos|core|inference|gateway|oauth)/src/', pathNot: ['^(protos|core|inference|gateway|oauth)/src/index\\.ts$', '^core/src/testing/index\\.ts$', '^inference/src/vision/index\\.ts$', '^protos/src/age-gate/index\\.ts$', '^$1/'] },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^protos/gen/' },
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.js'] },
  },
};
