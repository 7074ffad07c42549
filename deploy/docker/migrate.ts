import { pathToFileURL } from 'node:url';
import { openDatabase } from '@idgate/core';
import { startOrExit } from '@idgate/protos';
import { createLogger, loadConfigOrExit } from '@idgate/platform';

/**
 * Database migrations as a step of their own: `node deploy/docker/migrate.ts`, the init container of
 * every core pod (deploy/k8s/core.yaml), so that a core pod starts on a current schema and a failed
 * migration shows as a failed init container rather than a crash-looping core.
 *
 * Core's migrate() takes a Postgres advisory lock per schema (core/src/db/client.ts), so runners and
 * core processes starting together take turns and each migration runs once. On PGlite (no
 * DATABASE_URL) there is nothing to do: the embedded database belongs to one process, which migrates
 * it itself.
 */
export async function migrateSchema(url: string, schemaName: string | undefined): Promise<void> {
  const database = await openDatabase({ url, schemaName, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger({ level: config.logLevel, component: 'migrate' });
  if (!config.databaseUrl) {
    log.info('migrations: DATABASE_URL is not set; the embedded database is migrated by the process that opens it');
    return;
  }
  await startOrExit('migrations', log, () => migrateSchema(config.databaseUrl!, config.databaseSchema));
  log.info({ schema: config.databaseSchema ?? '(connection default)' }, 'migrations: schema is current');
  process.exit(0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
