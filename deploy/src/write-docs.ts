import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configTable, errorTable } from './docs.ts';

/** `npm run docs`: rewrites the generated tables of README.md between their markers. */
export function renderReadme(readme: string): string {
  return replaceBetween(replaceBetween(readme, 'config-table', configTable()), 'error-table', errorTable());
}

function replaceBetween(text: string, marker: string, body: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README has no ${marker} markers`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = fileURLToPath(new URL('../../README.md', import.meta.url));
  writeFileSync(file, renderReadme(readFileSync(file, 'utf8')));
}
