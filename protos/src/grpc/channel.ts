import type { ChannelOptions } from '@grpc/grpc-js';

/**
 * Channel settings shared by every client in the project. Keepalive keeps idle loopback and
 * in-cluster connections warm; the message limit leaves room for document images.
 */
export const CHANNEL_OPTIONS: ChannelOptions = {
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.max_receive_message_length': 64 * 1024 * 1024,
  'grpc.max_send_message_length': 64 * 1024 * 1024,
  'grpc.enable_retries': 0,
};

export const SERVER_OPTIONS: ChannelOptions = {
  'grpc.max_receive_message_length': 64 * 1024 * 1024,
  'grpc.max_send_message_length': 64 * 1024 * 1024,
  'grpc.keepalive_permit_without_calls': 1,
  'grpc.http2.min_ping_interval_without_data_ms': 10_000,
};
