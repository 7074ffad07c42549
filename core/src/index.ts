export { startCore, type CoreHandle, type StartCoreOptions } from './start.ts';
export { openDatabase, type Database, type Db } from './db/client.ts';
export { buildContainer, type Container } from './container.ts';
export { ManualClock, systemClock, type Clock } from './lib/clock.ts';
export { expireDueSessions } from './jobs/expiry.job.ts';
export { chainOf } from './domain/device-verdict.ts';
export { ageVerdict, deviceGateFor, DEVICE_AGE_GATES } from './domain/age-gate.ts';
export { PLANS, PLAN_NAMES } from './domain/plans.ts';
export { API_SCOPES } from './domain/scopes.ts';
