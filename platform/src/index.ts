// The platform: what every process runs on, and nothing of ours (config, logger, metrics, crypto,
// countries). The key-value store is its own entry, @idgate/platform/kv, so that a package that
// must hold no state (the inference node) cannot reach it through this one.
export { loggableError } from './loggable-error.ts';
export * from './config/index.ts';
export { createLogger, REDACT_PATHS, type Logger } from './log.ts';
export { alpha2OfCountry, isKnownCountry, trimCountry } from './countries.ts';
export { DataCipher, type DataKey } from './crypto/cipher.ts';
export * from './metrics/index.ts';
