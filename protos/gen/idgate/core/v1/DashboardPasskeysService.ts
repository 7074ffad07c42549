// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DashboardPasskeyAddRequest as _idgate_core_v1_DashboardPasskeyAddRequest, DashboardPasskeyAddRequest__Output as _idgate_core_v1_DashboardPasskeyAddRequest__Output } from '../../../idgate/core/v1/DashboardPasskeyAddRequest.ts';
import type { DashboardPasskeyIdRequest as _idgate_core_v1_DashboardPasskeyIdRequest, DashboardPasskeyIdRequest__Output as _idgate_core_v1_DashboardPasskeyIdRequest__Output } from '../../../idgate/core/v1/DashboardPasskeyIdRequest.ts';
import type { DashboardPasskeyList as _idgate_core_v1_DashboardPasskeyList, DashboardPasskeyList__Output as _idgate_core_v1_DashboardPasskeyList__Output } from '../../../idgate/core/v1/DashboardPasskeyList.ts';
import type { DashboardPasskeyMessage as _idgate_core_v1_DashboardPasskeyMessage, DashboardPasskeyMessage__Output as _idgate_core_v1_DashboardPasskeyMessage__Output } from '../../../idgate/core/v1/DashboardPasskeyMessage.ts';
import type { DashboardPasskeyOptions as _idgate_core_v1_DashboardPasskeyOptions, DashboardPasskeyOptions__Output as _idgate_core_v1_DashboardPasskeyOptions__Output } from '../../../idgate/core/v1/DashboardPasskeyOptions.ts';
import type { DashboardPasskeySignInRequest as _idgate_core_v1_DashboardPasskeySignInRequest, DashboardPasskeySignInRequest__Output as _idgate_core_v1_DashboardPasskeySignInRequest__Output } from '../../../idgate/core/v1/DashboardPasskeySignInRequest.ts';
import type { DashboardSession as _idgate_core_v1_DashboardSession, DashboardSession__Output as _idgate_core_v1_DashboardSession__Output } from '../../../idgate/core/v1/DashboardSession.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';

export interface DashboardPasskeysServiceClient extends grpc.Client {
  AddPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  AddPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  AddPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  AddPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  addPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  addPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  addPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  addPasskey(argument: _idgate_core_v1_DashboardPasskeyAddRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyMessage__Output>): grpc.ClientUnaryCall;
  
  ListPasskeys(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  ListPasskeys(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  listPasskeys(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyList__Output>): grpc.ClientUnaryCall;
  
  RegistrationOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  RegistrationOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  RegistrationOptions(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  RegistrationOptions(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  registrationOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  registrationOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  registrationOptions(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  registrationOptions(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  
  RemovePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemovePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removePasskey(argument: _idgate_core_v1_DashboardPasskeyIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  SignInOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  SignInOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  SignInOptions(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  SignInOptions(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  signInOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  signInOptions(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  signInOptions(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  signInOptions(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardPasskeyOptions__Output>): grpc.ClientUnaryCall;
  
  SignInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signInWithPasskey(argument: _idgate_core_v1_DashboardPasskeySignInRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  
}

export interface DashboardPasskeysServiceHandlers extends grpc.UntypedServiceImplementation {
  AddPasskey: grpc.handleUnaryCall<_idgate_core_v1_DashboardPasskeyAddRequest__Output, _idgate_core_v1_DashboardPasskeyMessage>;
  
  ListPasskeys: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyList>;
  
  RegistrationOptions: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyOptions>;
  
  RemovePasskey: grpc.handleUnaryCall<_idgate_core_v1_DashboardPasskeyIdRequest__Output, _idgate_core_v1_Empty>;
  
  SignInOptions: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyOptions>;
  
  SignInWithPasskey: grpc.handleUnaryCall<_idgate_core_v1_DashboardPasskeySignInRequest__Output, _idgate_core_v1_DashboardSession>;
  
}

export interface DashboardPasskeysServiceDefinition extends grpc.ServiceDefinition {
  AddPasskey: MethodDefinition<_idgate_core_v1_DashboardPasskeyAddRequest, _idgate_core_v1_DashboardPasskeyMessage, _idgate_core_v1_DashboardPasskeyAddRequest__Output, _idgate_core_v1_DashboardPasskeyMessage__Output>
  ListPasskeys: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardPasskeyList, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyList__Output>
  RegistrationOptions: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardPasskeyOptions, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyOptions__Output>
  RemovePasskey: MethodDefinition<_idgate_core_v1_DashboardPasskeyIdRequest, _idgate_core_v1_Empty, _idgate_core_v1_DashboardPasskeyIdRequest__Output, _idgate_core_v1_Empty__Output>
  SignInOptions: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardPasskeyOptions, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardPasskeyOptions__Output>
  SignInWithPasskey: MethodDefinition<_idgate_core_v1_DashboardPasskeySignInRequest, _idgate_core_v1_DashboardSession, _idgate_core_v1_DashboardPasskeySignInRequest__Output, _idgate_core_v1_DashboardSession__Output>
}
