// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { InitRequest as _idgate_core_v1_InitRequest, InitRequest__Output as _idgate_core_v1_InitRequest__Output } from '../../../idgate/core/v1/InitRequest.ts';
import type { InitResponse as _idgate_core_v1_InitResponse, InitResponse__Output as _idgate_core_v1_InitResponse__Output } from '../../../idgate/core/v1/InitResponse.ts';
import type { ResultResponse as _idgate_core_v1_ResultResponse, ResultResponse__Output as _idgate_core_v1_ResultResponse__Output } from '../../../idgate/core/v1/ResultResponse.ts';
import type { StatusResponse as _idgate_core_v1_StatusResponse, StatusResponse__Output as _idgate_core_v1_StatusResponse__Output } from '../../../idgate/core/v1/StatusResponse.ts';
import type { TokenRequest as _idgate_core_v1_TokenRequest, TokenRequest__Output as _idgate_core_v1_TokenRequest__Output } from '../../../idgate/core/v1/TokenRequest.ts';
import type { VerifyTokenRequest as _idgate_core_v1_VerifyTokenRequest, VerifyTokenRequest__Output as _idgate_core_v1_VerifyTokenRequest__Output } from '../../../idgate/core/v1/VerifyTokenRequest.ts';
import type { VerifyTokenResponse as _idgate_core_v1_VerifyTokenResponse, VerifyTokenResponse__Output as _idgate_core_v1_VerifyTokenResponse__Output } from '../../../idgate/core/v1/VerifyTokenResponse.ts';

export interface VerificationServiceClient extends grpc.Client {
  Cancel(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  
  GetResult(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  GetResult(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  GetResult(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  GetResult(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  getResult(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  getResult(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  getResult(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  getResult(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_ResultResponse__Output>): grpc.ClientUnaryCall;
  
  GetStatus(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_TokenRequest, callback: grpc.requestCallback<_idgate_core_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  
  Init(argument: _idgate_core_v1_InitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  Init(argument: _idgate_core_v1_InitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  Init(argument: _idgate_core_v1_InitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  Init(argument: _idgate_core_v1_InitRequest, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  init(argument: _idgate_core_v1_InitRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  init(argument: _idgate_core_v1_InitRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  init(argument: _idgate_core_v1_InitRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  init(argument: _idgate_core_v1_InitRequest, callback: grpc.requestCallback<_idgate_core_v1_InitResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyToken(argument: _idgate_core_v1_VerifyTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  VerifyToken(argument: _idgate_core_v1_VerifyTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  VerifyToken(argument: _idgate_core_v1_VerifyTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  VerifyToken(argument: _idgate_core_v1_VerifyTokenRequest, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  verifyToken(argument: _idgate_core_v1_VerifyTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  verifyToken(argument: _idgate_core_v1_VerifyTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  verifyToken(argument: _idgate_core_v1_VerifyTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  verifyToken(argument: _idgate_core_v1_VerifyTokenRequest, callback: grpc.requestCallback<_idgate_core_v1_VerifyTokenResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface VerificationServiceHandlers extends grpc.UntypedServiceImplementation {
  Cancel: grpc.handleUnaryCall<_idgate_core_v1_TokenRequest__Output, _idgate_core_v1_StatusResponse>;
  
  GetResult: grpc.handleUnaryCall<_idgate_core_v1_TokenRequest__Output, _idgate_core_v1_ResultResponse>;
  
  GetStatus: grpc.handleUnaryCall<_idgate_core_v1_TokenRequest__Output, _idgate_core_v1_StatusResponse>;
  
  Init: grpc.handleUnaryCall<_idgate_core_v1_InitRequest__Output, _idgate_core_v1_InitResponse>;
  
  VerifyToken: grpc.handleUnaryCall<_idgate_core_v1_VerifyTokenRequest__Output, _idgate_core_v1_VerifyTokenResponse>;
  
}

export interface VerificationServiceDefinition extends grpc.ServiceDefinition {
  Cancel: MethodDefinition<_idgate_core_v1_TokenRequest, _idgate_core_v1_StatusResponse, _idgate_core_v1_TokenRequest__Output, _idgate_core_v1_StatusResponse__Output>
  GetResult: MethodDefinition<_idgate_core_v1_TokenRequest, _idgate_core_v1_ResultResponse, _idgate_core_v1_TokenRequest__Output, _idgate_core_v1_ResultResponse__Output>
  GetStatus: MethodDefinition<_idgate_core_v1_TokenRequest, _idgate_core_v1_StatusResponse, _idgate_core_v1_TokenRequest__Output, _idgate_core_v1_StatusResponse__Output>
  Init: MethodDefinition<_idgate_core_v1_InitRequest, _idgate_core_v1_InitResponse, _idgate_core_v1_InitRequest__Output, _idgate_core_v1_InitResponse__Output>
  VerifyToken: MethodDefinition<_idgate_core_v1_VerifyTokenRequest, _idgate_core_v1_VerifyTokenResponse, _idgate_core_v1_VerifyTokenRequest__Output, _idgate_core_v1_VerifyTokenResponse__Output>
}
