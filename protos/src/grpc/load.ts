import { fileURLToPath } from 'node:url';
import * as protoLoader from '@grpc/proto-loader';
import { loadPackageDefinition, type GrpcObject } from '@grpc/grpc-js';

/**
 * proto-loader options, chosen once for every contract: camelCase fields, 64-bit integers as
 * strings (no precision loss), enums as strings, unset optional fields absent (so "not sent"
 * and "zero" differ for `optional` fields), oneof markers present.
 */
export const PROTO_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
};

const PROTO_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Loads `protos/<name>.proto` into a grpc-js package object. */
export function loadProto<T = GrpcObject>(name: string): T {
  const definition = protoLoader.loadSync(`${PROTO_DIR}${name}.proto`, { ...PROTO_LOADER_OPTIONS, includeDirs: [PROTO_DIR] });
  return loadPackageDefinition(definition) as unknown as T;
}
