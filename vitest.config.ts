import { defineConfig } from 'vitest/config';

// One runner for every package. Unit tests sit beside the code (*.spec.ts); tests that start
// servers live in test/ or a package's own test/ folder (*.test.ts). CI has 2 cores: two forks.
export default defineConfig({
  test: {
    include: ['{platform,protos,core,inference,oauth,gateway,deploy,bench,test}/**/*.{spec,test}.ts'],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
