export { loadProto, PROTO_LOADER_OPTIONS } from './load.ts';
export { CHANNEL_OPTIONS, SERVER_OPTIONS } from './channel.ts';
export { callUnary, unaryHandler, toMetadata, fromMetadata, type CallContext } from './unary.ts';
export { coreProto, createCoreClients, type CoreClients, type CoreProto } from './core-client.ts';
export * from './inference-client.ts';
export * from './webhook-client.ts';
export * from './decisions-client.ts';
export { bindServer, shutdownServer } from './server-lifecycle.ts';
