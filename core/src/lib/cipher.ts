// DataCipher lives in @idgate/platform (shared with oauth's signing-key storage).
export { DataCipher, type DataKey } from '@idgate/platform';
