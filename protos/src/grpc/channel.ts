import type { ChannelOptions } from '@grpc/grpc-js';
import { GRPC_MAX_MESSAGE_BYTES } from '@idgate/platform';

/**
 * Channel settings shared by every client in the project. Keepalive keeps idle loopback and
 * in-cluster connections warm; the message limit leaves room for document images.
 */
export const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
  // Retries stay enabled with no retry policy: grpc-js then retries only a call the server never
  // saw (a stream refused as a connection closes at max_connection_age), once. Nothing is replayed
  // that core may have acted on.
};

export const SERVER_OPTIONS: ChannelOptions = {
  'grpc.max_receive_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.max_send_message_length': GRPC_MAX_MESSAGE_BYTES,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.http2.min_ping_interval_without_data_ms': 10_000,
};

/**
 * Core's server: a client's connection is ended (GOAWAY) after about 5 minutes, so gateways behind a
 * load balancer reconnect and spread over core replicas added since (a gateway otherwise keeps one
 * connection to one core for ever). The grace lets calls on the old connection finish: it exceeds
 * the multiplexed stream's lifetime (MUX_STREAM_MAX_AGE_MS) plus the longest deadline. Inference
 * nodes do without: core dials each node itself (headless Service), nothing to rebalance.
 */
export const CORE_SERVER_OPTIONS: ChannelOptions = {
  ...SERVER_OPTIONS,
  'grpc.max_connection_age_ms': 5 * 60_000,
  'grpc.max_connection_age_grace_ms': 2 * 60_000,
};
