import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_DOCS, renderDoc } from './write-docs.ts';

describe('docs/ generated tables', () => {
  it.each(GENERATED_DOCS.map((d) => d.file))('%s is fresh: every config variable and every error code is documented (run `npm run docs`)', (file) => {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(renderDoc(file, text)).toBe(text);
  });
});
