import { sql } from 'drizzle-orm';
import type { Config, KeyValueStore, Logger } from '@idgate/protos';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { DataCipher } from './lib/cipher.ts';
import { DEFAULT_DEVICE_POLICY } from './domain/device-verdict.ts';
import { TenancyRepository } from './repositories/tenancy.repository.ts';
import { SessionRepository } from './repositories/session.repository.ts';
import { BillingRepository } from './repositories/billing.repository.ts';
import { OutboxRepository } from './repositories/outbox.repository.ts';
import { TenancyService } from './services/tenancy.service.ts';
import { BillingService } from './services/billing.service.ts';
import { SessionLifecycle } from './services/session-lifecycle.ts';
import { VerificationService } from './services/verification.service.ts';
import { WidgetService } from './services/widget.service.ts';
import { DeviceVerdictService } from './services/device-verdict.service.ts';
import { AdminService } from './services/admin.service.ts';

export interface ContainerDeps {
  config: Config;
  database: Database;
  kv: KeyValueStore;
  log: Logger;
  dataKeys: string[];
  clock?: Clock;
  /** sha256 of the models an on-device verdict must come from (from the models manifest). */
  onDeviceModelHashes?: readonly string[];
  /** IP → ISO alpha-2 lookup; null when unknown (the IP database arrives with issue #4). */
  lookupCountry?: (ip: string | undefined) => string | null;
}

/** The composition root of core: plain constructors, no DI framework (STYLE 6.8). */
export function buildContainer(d: ContainerDeps) {
  const clock = d.clock ?? systemClock;
  const cipher = DataCipher.fromSpecs(d.dataKeys);
  const db = d.database.db;
  const tenancyRepo = new TenancyRepository(db);
  const sessions = new SessionRepository(db);
  const billingRepo = new BillingRepository(db);
  const outbox = new OutboxRepository();
  const tenancy = new TenancyService({ database: d.database, tenancy: tenancyRepo, clock, defaultApiVersion: d.config.apiVersion });
  const billing = new BillingService({ billing: billingRepo, clock });
  const lifecycle = new SessionLifecycle({ database: d.database, sessions, outbox, tenancy: tenancyRepo, billing, cipher, clock });
  const requiredModelHashes = d.onDeviceModelHashes ?? [];
  const deviceVerdicts = new DeviceVerdictService({ sessions, lifecycle, clock, policy: { ...DEFAULT_DEVICE_POLICY, requiredModelHashes } });
  const verification = new VerificationService({
    database: d.database, sessions, tenancy: tenancyRepo, tenancyService: tenancy, billing, lifecycle, cipher, clock,
    settings: {
      widgetUrl: d.config.widgetUrl,
      allowHttpLocalhost: d.config.nodeEnv !== 'production',
      sessionTtlMs: d.config.sessionTtlSeconds * 1000,
      initTokenTtlMs: d.config.initTokenTtlSeconds * 1000,
      resultTokenTtlMs: d.config.resultTokenTtlSeconds * 1000,
    },
  });
  const widget = new WidgetService({
    sessions, lifecycle, deviceVerdicts, clock, requiredModelHashes,
    settings: { deviceNonceTtlMs: d.config.deviceNonceTtlSeconds * 1000, documentPathAvailable: false },
    lookupCountry: d.lookupCountry ?? (() => null),
  });
  const admin = new AdminService({ tenancy: tenancyRepo, tenancyService: tenancy, billing });
  return {
    clock, cipher, database: d.database, kv: d.kv, log: d.log,
    repositories: { tenancy: tenancyRepo, sessions, billing: billingRepo, outbox },
    tenancy, billing, lifecycle, verification, widget, admin,
    async readiness() {
      let database = false;
      try {
        await db.execute(sql`select 1`);
        database = true;
      } catch {
        database = false;
      }
      return { ready: database, database, inference: true, detail: database ? 'ok' : 'database unreachable' };
    },
  };
}

export type Container = ReturnType<typeof buildContainer>;
