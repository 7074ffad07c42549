export * from './tenancy.table.ts';
export * from './session.table.ts';
export * from './billing.table.ts';
export * from './outbox.table.ts';
export * from './webhook.table.ts';
export * from './oauth.table.ts';
export * from './decisions.table.ts';
export * from './handoff.table.ts';
