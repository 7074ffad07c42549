import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The widget runs this module in the browser with onnxruntime-web (DESIGN: inference/ row), so
// nothing under vision/ may import Node-only modules or use Buffer/process.
const DIR = fileURLToPath(new URL('.', import.meta.url));
const FORBIDDEN = [
  /from ['"]node:/,
  /from ['"](fs|path|os|crypto|worker_threads|sharp|onnxruntime-node|piscina|@grpc\/[^'"]+|@idgate\/protos)['"]/,
  /\bBuffer\b/,
  /\bprocess\./,
  /\brequire\(/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [join(dir, e.name)] : [],
  );
}

describe('vision module is browser-safe', () => {
  it.each(sources(DIR))('%s has no Node-only imports', (file) => {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''); // code only, not comments
    for (const pattern of FORBIDDEN) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });
});
