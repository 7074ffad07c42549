// DataCipher lives in @idgate/protos (shared with oauth's signing-key storage).
export { DataCipher, type DataKey } from '@idgate/platform';
