export { FIELDS, type FieldSpec } from './fields.ts';
export { loadConfig, loadConfigOrExit, describeConfig, ConfigError, type Config, type ProcessRole } from './load.ts';
export { resolveSecrets, adminTokenFile, type ResolvedSecrets } from './secrets.ts';
export {
  base64Length,
  decodedLength,
  DOCUMENT_SIDES,
  framesBodyLimit,
  GRPC_MAX_MESSAGE_BYTES,
  imageBodyLimit,
  largestImageRequest,
  MAX_FRAMES_PER_REQUEST,
} from './image-requests.ts';
