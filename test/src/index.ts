export * from './backends.ts';
export * from './harness.ts';
export * from './flows.ts';
export * from './soft-authenticator.ts';
