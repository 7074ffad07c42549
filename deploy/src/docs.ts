import { ERROR_CATALOGUE } from '@idgate/protos';
import { FIELDS, type FieldSpec } from '@idgate/platform';

/** The configuration table of docs/configuration.md, generated from the config schema (kept fresh by a test). */
export function configTable(): string {
  const rows = (Object.values(FIELDS) as FieldSpec[]).map((f) => {
    const def = typeof f.default === 'function' ? 'derived' : f.default === undefined ? '(unset)' : `\`${f.default}\``;
    return `| \`${f.env}\` | ${def} | ${f.description.replace(/\|/g, '\\|')} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The error table of docs/errors.md, generated from the catalogue (kept fresh by a test). */
export function errorTable(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([code, s]) => `| \`${code}\` | ${s.http} | ${s.grpc} | ${s.message.replace(/\|/g, '\\|')} |`);
  return ['| code | HTTP | gRPC | message |', '|---|---|---|---|', ...rows].join('\n');
}

if (process.argv[2] === 'config') process.stdout.write(`${configTable()}\n`);
if (process.argv[2] === 'errors') process.stdout.write(`${errorTable()}\n`);
