export * from './policy.ts';
export * from './bracket.ts';
export * from './guard-band.ts';
