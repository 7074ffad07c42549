export * from './config/index.ts';
export * from './errors/index.ts';
export * from './grpc/index.ts';
export { createLogger, REDACT_PATHS, type Logger } from './log.ts';
export * as core from './core-types.ts';
export * from './kv/index.ts';
export * from './webhook-signature.ts';
export { alpha2OfCountry, isKnownCountry, trimCountry } from './countries.ts';
export { DataCipher, type DataKey } from './crypto/cipher.ts';
