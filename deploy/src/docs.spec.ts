import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReadme } from './write-docs.ts';

describe('README generated tables', () => {
  it('are fresh: every config variable and every error code is documented (run `npm run docs`)', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(renderReadme(readme)).toBe(readme);
  });
});
