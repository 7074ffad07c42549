export * from './age-gate/index.ts';
export * from './errors/index.ts';
export * from './grpc/index.ts';
export * as core from './core-types.ts';
export * from './webhook-signature.ts';
export { ADMIN_LIMITS, INT32_MAX, type AdminRange } from './admin/limits.ts';
export { SERVICE_ID_HINT_COOKIE, serviceIdHintCookie, hasServiceIdHint, WALLET_HINT_COOKIE, walletHintCookie, hasWalletHint } from './service-id-hint.ts';
