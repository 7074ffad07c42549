// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DeviceVerdictRequest as _idgate_core_v1_DeviceVerdictRequest, DeviceVerdictRequest__Output as _idgate_core_v1_DeviceVerdictRequest__Output } from '../../../idgate/core/v1/DeviceVerdictRequest.ts';
import type { DocumentSubmission as _idgate_core_v1_DocumentSubmission, DocumentSubmission__Output as _idgate_core_v1_DocumentSubmission__Output } from '../../../idgate/core/v1/DocumentSubmission.ts';
import type { FramesSubmission as _idgate_core_v1_FramesSubmission, FramesSubmission__Output as _idgate_core_v1_FramesSubmission__Output } from '../../../idgate/core/v1/FramesSubmission.ts';
import type { HandoffExchange as _idgate_core_v1_HandoffExchange, HandoffExchange__Output as _idgate_core_v1_HandoffExchange__Output } from '../../../idgate/core/v1/HandoffExchange.ts';
import type { HandoffToken as _idgate_core_v1_HandoffToken, HandoffToken__Output as _idgate_core_v1_HandoffToken__Output } from '../../../idgate/core/v1/HandoffToken.ts';
import type { ServiceIdResolution as _idgate_core_v1_ServiceIdResolution, ServiceIdResolution__Output as _idgate_core_v1_ServiceIdResolution__Output } from '../../../idgate/core/v1/ServiceIdResolution.ts';
import type { WidgetRequest as _idgate_core_v1_WidgetRequest, WidgetRequest__Output as _idgate_core_v1_WidgetRequest__Output } from '../../../idgate/core/v1/WidgetRequest.ts';
import type { WidgetStartRequest as _idgate_core_v1_WidgetStartRequest, WidgetStartRequest__Output as _idgate_core_v1_WidgetStartRequest__Output } from '../../../idgate/core/v1/WidgetStartRequest.ts';
import type { WidgetState as _idgate_core_v1_WidgetState, WidgetState__Output as _idgate_core_v1_WidgetState__Output } from '../../../idgate/core/v1/WidgetState.ts';

export interface WidgetServiceClient extends grpc.Client {
  Cancel(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Cancel(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  cancel(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  CreateHandoff(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  CreateHandoff(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  CreateHandoff(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  CreateHandoff(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  createHandoff(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  createHandoff(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  createHandoff(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  createHandoff(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_HandoffToken__Output>): grpc.ClientUnaryCall;
  
  ExchangeHandoff(argument: _idgate_core_v1_HandoffExchange, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ExchangeHandoff(argument: _idgate_core_v1_HandoffExchange, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ExchangeHandoff(argument: _idgate_core_v1_HandoffExchange, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ExchangeHandoff(argument: _idgate_core_v1_HandoffExchange, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  exchangeHandoff(argument: _idgate_core_v1_HandoffExchange, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  exchangeHandoff(argument: _idgate_core_v1_HandoffExchange, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  exchangeHandoff(argument: _idgate_core_v1_HandoffExchange, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  exchangeHandoff(argument: _idgate_core_v1_HandoffExchange, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  GetProgress(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  GetProgress(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  GetProgress(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  GetProgress(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  getProgress(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  getProgress(argument: _idgate_core_v1_WidgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  getProgress(argument: _idgate_core_v1_WidgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  getProgress(argument: _idgate_core_v1_WidgetRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  ResolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ResolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ResolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  ResolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  resolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  resolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  resolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  resolveServiceId(argument: _idgate_core_v1_ServiceIdResolution, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  Start(argument: _idgate_core_v1_WidgetStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WidgetStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WidgetStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  Start(argument: _idgate_core_v1_WidgetStartRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WidgetStartRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WidgetStartRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WidgetStartRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  start(argument: _idgate_core_v1_WidgetStartRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  SubmitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDeviceVerdict(argument: _idgate_core_v1_DeviceVerdictRequest, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  SubmitDocument(argument: _idgate_core_v1_DocumentSubmission, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDocument(argument: _idgate_core_v1_DocumentSubmission, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDocument(argument: _idgate_core_v1_DocumentSubmission, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitDocument(argument: _idgate_core_v1_DocumentSubmission, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDocument(argument: _idgate_core_v1_DocumentSubmission, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDocument(argument: _idgate_core_v1_DocumentSubmission, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDocument(argument: _idgate_core_v1_DocumentSubmission, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitDocument(argument: _idgate_core_v1_DocumentSubmission, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
  SubmitFrames(argument: _idgate_core_v1_FramesSubmission, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitFrames(argument: _idgate_core_v1_FramesSubmission, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitFrames(argument: _idgate_core_v1_FramesSubmission, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  SubmitFrames(argument: _idgate_core_v1_FramesSubmission, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitFrames(argument: _idgate_core_v1_FramesSubmission, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitFrames(argument: _idgate_core_v1_FramesSubmission, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitFrames(argument: _idgate_core_v1_FramesSubmission, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  submitFrames(argument: _idgate_core_v1_FramesSubmission, callback: grpc.requestCallback<_idgate_core_v1_WidgetState__Output>): grpc.ClientUnaryCall;
  
}

export interface WidgetServiceHandlers extends grpc.UntypedServiceImplementation {
  Cancel: grpc.handleUnaryCall<_idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState>;
  
  CreateHandoff: grpc.handleUnaryCall<_idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_HandoffToken>;
  
  ExchangeHandoff: grpc.handleUnaryCall<_idgate_core_v1_HandoffExchange__Output, _idgate_core_v1_WidgetState>;
  
  GetProgress: grpc.handleUnaryCall<_idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState>;
  
  ResolveServiceId: grpc.handleUnaryCall<_idgate_core_v1_ServiceIdResolution__Output, _idgate_core_v1_WidgetState>;
  
  Start: grpc.handleUnaryCall<_idgate_core_v1_WidgetStartRequest__Output, _idgate_core_v1_WidgetState>;
  
  SubmitDeviceVerdict: grpc.handleUnaryCall<_idgate_core_v1_DeviceVerdictRequest__Output, _idgate_core_v1_WidgetState>;
  
  SubmitDocument: grpc.handleUnaryCall<_idgate_core_v1_DocumentSubmission__Output, _idgate_core_v1_WidgetState>;
  
  SubmitFrames: grpc.handleUnaryCall<_idgate_core_v1_FramesSubmission__Output, _idgate_core_v1_WidgetState>;
  
}

export interface WidgetServiceDefinition extends grpc.ServiceDefinition {
  Cancel: MethodDefinition<_idgate_core_v1_WidgetRequest, _idgate_core_v1_WidgetState, _idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState__Output>
  CreateHandoff: MethodDefinition<_idgate_core_v1_WidgetRequest, _idgate_core_v1_HandoffToken, _idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_HandoffToken__Output>
  ExchangeHandoff: MethodDefinition<_idgate_core_v1_HandoffExchange, _idgate_core_v1_WidgetState, _idgate_core_v1_HandoffExchange__Output, _idgate_core_v1_WidgetState__Output>
  GetProgress: MethodDefinition<_idgate_core_v1_WidgetRequest, _idgate_core_v1_WidgetState, _idgate_core_v1_WidgetRequest__Output, _idgate_core_v1_WidgetState__Output>
  ResolveServiceId: MethodDefinition<_idgate_core_v1_ServiceIdResolution, _idgate_core_v1_WidgetState, _idgate_core_v1_ServiceIdResolution__Output, _idgate_core_v1_WidgetState__Output>
  Start: MethodDefinition<_idgate_core_v1_WidgetStartRequest, _idgate_core_v1_WidgetState, _idgate_core_v1_WidgetStartRequest__Output, _idgate_core_v1_WidgetState__Output>
  SubmitDeviceVerdict: MethodDefinition<_idgate_core_v1_DeviceVerdictRequest, _idgate_core_v1_WidgetState, _idgate_core_v1_DeviceVerdictRequest__Output, _idgate_core_v1_WidgetState__Output>
  SubmitDocument: MethodDefinition<_idgate_core_v1_DocumentSubmission, _idgate_core_v1_WidgetState, _idgate_core_v1_DocumentSubmission__Output, _idgate_core_v1_WidgetState__Output>
  SubmitFrames: MethodDefinition<_idgate_core_v1_FramesSubmission, _idgate_core_v1_WidgetState, _idgate_core_v1_FramesSubmission__Output, _idgate_core_v1_WidgetState__Output>
}
