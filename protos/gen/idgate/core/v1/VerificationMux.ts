// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { MuxReply as _idgate_core_v1_MuxReply, MuxReply__Output as _idgate_core_v1_MuxReply__Output } from '../../../idgate/core/v1/MuxReply.ts';
import type { MuxRequest as _idgate_core_v1_MuxRequest, MuxRequest__Output as _idgate_core_v1_MuxRequest__Output } from '../../../idgate/core/v1/MuxRequest.ts';

export interface VerificationMuxClient extends grpc.Client {
  Exchange(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxReply__Output>;
  Exchange(options?: grpc.CallOptions): grpc.ClientDuplexStream<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxReply__Output>;
  exchange(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxReply__Output>;
  exchange(options?: grpc.CallOptions): grpc.ClientDuplexStream<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxReply__Output>;
  
}

export interface VerificationMuxHandlers extends grpc.UntypedServiceImplementation {
  Exchange: grpc.handleBidiStreamingCall<_idgate_core_v1_MuxRequest__Output, _idgate_core_v1_MuxReply>;
  
}

export interface VerificationMuxDefinition extends grpc.ServiceDefinition {
  Exchange: MethodDefinition<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxReply, _idgate_core_v1_MuxRequest__Output, _idgate_core_v1_MuxReply__Output>
}
