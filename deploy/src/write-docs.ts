import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configTable, errorTable } from './docs.ts';

/** The generated documents, relative to the repository root, and the one table each holds. */
export const GENERATED_DOCS = [
  { file: 'docs/configuration.md', marker: 'config-table', table: configTable },
  { file: 'docs/errors.md', marker: 'error-table', table: errorTable },
] as const;

/** `npm run docs`: rewrites the generated table of one file of GENERATED_DOCS between its markers. */
export function renderDoc(file: (typeof GENERATED_DOCS)[number]['file'], text: string): string {
  const doc = GENERATED_DOCS.find((d) => d.file === file);
  if (!doc) throw new Error(`${file} is not a generated document`);
  return replaceBetween(text, doc.marker, doc.table());
}

function replaceBetween(text: string, marker: string, body: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`document has no ${marker} markers`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const doc of GENERATED_DOCS) {
    const file = fileURLToPath(new URL(`../../${doc.file}`, import.meta.url));
    writeFileSync(file, renderDoc(doc.file, readFileSync(file, 'utf8')));
  }
}
