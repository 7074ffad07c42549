import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// drizzle-kit writes foreign keys as "public"."table". Our migrations must run in whatever
// schema the connection's search_path names (tests isolate each file in its own schema;
// operators may choose a schema), so the qualifier is removed after generation.
const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
for (const name of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const file = dir + name;
  const sql = readFileSync(file, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(file, fixed);
}
