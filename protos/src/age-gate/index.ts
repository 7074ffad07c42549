export * from './policy.ts';
export * from './bracket.ts';
