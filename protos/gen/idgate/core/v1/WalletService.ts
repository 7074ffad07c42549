// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { WalletDcApiResponse as _idgate_core_v1_WalletDcApiResponse, WalletDcApiResponse__Output as _idgate_core_v1_WalletDcApiResponse__Output } from '../../../idgate/core/v1/WalletDcApiResponse.ts';
import type { WalletDirectPost as _idgate_core_v1_WalletDirectPost, WalletDirectPost__Output as _idgate_core_v1_WalletDirectPost__Output } from '../../../idgate/core/v1/WalletDirectPost.ts';
import type { WalletDirectPostReply as _idgate_core_v1_WalletDirectPostReply, WalletDirectPostReply__Output as _idgate_core_v1_WalletDirectPostReply__Output } from '../../../idgate/core/v1/WalletDirectPostReply.ts';
import type { WalletRequestObject as _idgate_core_v1_WalletRequestObject, WalletRequestObject__Output as _idgate_core_v1_WalletRequestObject__Output } from '../../../idgate/core/v1/WalletRequestObject.ts';
import type { WalletRequestObjectRequest as _idgate_core_v1_WalletRequestObjectRequest, WalletRequestObjectRequest__Output as _idgate_core_v1_WalletRequestObjectRequest__Output } from '../../../idgate/core/v1/WalletRequestObjectRequest.ts';
import type { WalletStartReply as _idgate_core_v1_WalletStartReply, WalletStartReply__Output as _idgate_core_v1_WalletStartReply__Output } from '../../../idgate/core/v1/WalletStartReply.ts';
import type { WalletStartRequest as _idgate_core_v1_WalletStartRequest, WalletStartRequest__Output as _idgate_core_v1_WalletStartRequest__Output } from '../../../idgate/core/v1/WalletStartRequest.ts';
import type { WalletStatusReply as _idgate_core_v1_WalletStatusReply, WalletStatusReply__Output as _idgate_core_v1_WalletStatusReply__Output } from '../../../idgate/core/v1/WalletStatusReply.ts';
import type { WalletTransactionRequest as _idgate_core_v1_WalletTransactionRequest, WalletTransactionRequest__Output as _idgate_core_v1_WalletTransactionRequest__Output } from '../../../idgate/core/v1/WalletTransactionRequest.ts';
import type { WidgetRequest as _idgate_core_v1_WidgetRequest, WidgetRequest__Output as _idgate_core_v1_WidgetRequest__Output } from '../../../idgate/core/v1/WidgetRequest.ts';
import type { WidgetState as _idgate_core_v1_WidgetState, WidgetState__Output as _idgate_core_v1_WidgetState__Output } from '../../../idgate/core/v1/WidgetState.ts';

export interface WalletServiceClient extends grpc.Client {
  Decline(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Decline(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Decline(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Decline(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  decline(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  decline(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  decline(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  decline(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  GetRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  GetRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  GetRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  GetRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  getRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  getRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  getRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  getRequestObject(argument: _idgate_core_v1_WalletRequestObjectRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletRequestObject__Output>): grpc.ClientUnaryCall;
  
  GetStatus(argument: _idgate_core_v1_WalletTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_WalletTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_WalletTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  GetStatus(argument: _idgate_core_v1_WalletTransactionRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_WalletTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_WalletTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_WalletTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  getStatus(argument: _idgate_core_v1_WalletTransactionRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletStatusReply__Output>): grpc.ClientUnaryCall;
  
  Start(argument: _idgate_core_v1_WalletStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WalletStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WalletStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WalletStartRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WalletStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WalletStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WalletStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WalletStartRequest, callback: grpc.requestCallback<_idgate_core_v1_WalletStartReply__Output>): grpc.ClientUnaryCall;
  
  SubmitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDcApiResponse(argument: _idgate_core_v1_WalletDcApiResponse, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  SubmitDirectPost(argument: _idgate_core_v1_WalletDirectPost, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  SubmitDirectPost(argument: _idgate_core_v1_WalletDirectPost, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  SubmitDirectPost(argument: _idgate_core_v1_WalletDirectPost, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  SubmitDirectPost(argument: _idgate_core_v1_WalletDirectPost, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  submitDirectPost(argument: _idgate_core_v1_WalletDirectPost, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  submitDirectPost(argument: _idgate_core_v1_WalletDirectPost, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  submitDirectPost(argument: _idgate_core_v1_WalletDirectPost, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  submitDirectPost(argument: _idgate_core_v1_WalletDirectPost, callback: grpc.requestCallback<_idgate_core_v1_WalletDirectPostReply__Output>): grpc.ClientUnaryCall;
  
}

export interface WalletServiceHandlers extends grpc.UntypedServiceImplementation {
  Decline: grpc.handleUnaryCall<_idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState>;
  
  GetRequestObject: grpc.handleUnaryCall<_idgate_core_v1_WalletRequestObjectRequest__Output, _idgate_core_v1_WalletRequestObject>;
  
  GetStatus: grpc.handleUnaryCall<_idgate_core_v1_WalletTransactionRequest__Output, _idgate_core_v1_WalletStatusReply>;
  
  Start: grpc.handleUnaryCall<_idgate_core_v1_WalletStartRequest__Output, _idgate_core_v1_WalletStartReply>;
  
  SubmitDcApiResponse: grpc.handleUnaryCall<_idgate_core_v1_WalletDcApiResponse__Output, _idgate_core_v1_WidgetState>;
  
  SubmitDirectPost: grpc.handleUnaryCall<_idgate_core_v1_WalletDirectPost__Output, _idgate_core_v1_WalletDirectPostReply>;
  
}

export interface WalletServiceDefinition extends grpc.ServiceDefinition {
  Decline: MethodDefinition<_idgate_core_v1_WidgetRequest, _idgate_core_v1_WidgetState, _idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState__Output>
  GetRequestObject: MethodDefinition<_idgate_core_v1_WalletRequestObjectRequest, _idgate_core_v1_WalletRequestObject, _idgate_core_v1_WalletRequestObjectRequest__Output, _idgate_core_v1_WalletRequestObject__Output>
  GetStatus: MethodDefinition<_idgate_core_v1_WalletTransactionRequest, _idgate_core_v1_WalletStatusReply, _idgate_core_v1_WalletTransactionRequest__Output, _idgate_core_v1_WalletStatusReply__Output>
  Start: MethodDefinition<_idgate_core_v1_WalletStartRequest, _idgate_core_v1_WalletStartReply, _idgate_core_v1_WalletStartRequest__Output, _idgate_core_v1_WalletStartReply__Output>
  SubmitDcApiResponse: MethodDefinition<_idgate_core_v1_WalletDcApiResponse, _idgate_core_v1_WidgetState, _idgate_core_v1_WalletDcApiResponse__Output, _idgate_core_v1_WidgetState__Output>
  SubmitDirectPost: MethodDefinition<_idgate_core_v1_WalletDirectPost, _idgate_core_v1_WalletDirectPostReply, _idgate_core_v1_WalletDirectPost__Output, _idgate_core_v1_WalletDirectPostReply__Output>
}
