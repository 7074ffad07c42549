// The public entry of @idgate/core: only what other packages import (deploy, bench, test). Core's
// own modules import each other by path; add an export here when another package needs it.
export { startCore, type CoreHandle } from './start.ts';
export { openDatabase, type Database } from './db/client.ts';
export { rawStatements } from './db/raw-statements.ts';
export { SessionRepository, type NewSession } from './sessions/session.repository.ts';
export { ManualClock } from './lib/clock.ts';
export { expireDueSessions } from './jobs/expiry.job.ts';
export { purgeRetainedData } from './jobs/retention.job.ts';
export { chainOf, type DevicePolicy } from './widget/device-verdict.ts';
export { readDevicePolicy } from './widget/on-device-policy.ts';
export { readFaceMatchPolicy } from './faces/face-match.ts';
export { PLAN_NAMES } from './tenancy/plans.ts';
export { InferenceScheduler } from './scheduler/index.ts';
export { ScreeningEngine } from './screening/index.ts';
export { verifyDeviceResponse, dcApiSessionTranscript, redirectSessionTranscript, isoDcApiSessionTranscript } from './wallet/mdoc/index.ts';
// The dashboard team's passkeys, exported for their tests (the software authenticator lives in test/).
export { TeamPasskeys, type PasskeyRow, type PasskeyStore } from './team/team-passkeys.ts';
export { TeamService, type Actor } from './team/team.service.ts';
export type { AuditRow, MemberRow, NewAuditRow, TeamStore } from './team/team.repository.ts';
