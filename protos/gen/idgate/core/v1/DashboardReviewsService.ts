// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DashboardReview as _idgate_core_v1_DashboardReview, DashboardReview__Output as _idgate_core_v1_DashboardReview__Output } from '../../../idgate/core/v1/DashboardReview.ts';
import type { DashboardReviewDecided as _idgate_core_v1_DashboardReviewDecided, DashboardReviewDecided__Output as _idgate_core_v1_DashboardReviewDecided__Output } from '../../../idgate/core/v1/DashboardReviewDecided.ts';
import type { DashboardReviewDecisionRequest as _idgate_core_v1_DashboardReviewDecisionRequest, DashboardReviewDecisionRequest__Output as _idgate_core_v1_DashboardReviewDecisionRequest__Output } from '../../../idgate/core/v1/DashboardReviewDecisionRequest.ts';
import type { DashboardReviewIdRequest as _idgate_core_v1_DashboardReviewIdRequest, DashboardReviewIdRequest__Output as _idgate_core_v1_DashboardReviewIdRequest__Output } from '../../../idgate/core/v1/DashboardReviewIdRequest.ts';
import type { DashboardReviewList as _idgate_core_v1_DashboardReviewList, DashboardReviewList__Output as _idgate_core_v1_DashboardReviewList__Output } from '../../../idgate/core/v1/DashboardReviewList.ts';
import type { DashboardReviewListRequest as _idgate_core_v1_DashboardReviewListRequest, DashboardReviewListRequest__Output as _idgate_core_v1_DashboardReviewListRequest__Output } from '../../../idgate/core/v1/DashboardReviewListRequest.ts';

export interface DashboardReviewsServiceClient extends grpc.Client {
  Decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  Decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  Decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  Decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  decide(argument: _idgate_core_v1_DashboardReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewDecided__Output>): grpc.ClientUnaryCall;
  
  GetReview(argument: _idgate_core_v1_DashboardReviewIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_DashboardReviewIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_DashboardReviewIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_DashboardReviewIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_DashboardReviewIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_DashboardReviewIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_DashboardReviewIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_DashboardReviewIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReview__Output>): grpc.ClientUnaryCall;
  
  ListReviews(argument: _idgate_core_v1_DashboardReviewListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_DashboardReviewListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_DashboardReviewListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_DashboardReviewListRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_DashboardReviewListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_DashboardReviewListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_DashboardReviewListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_DashboardReviewListRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardReviewList__Output>): grpc.ClientUnaryCall;
  
}

export interface DashboardReviewsServiceHandlers extends grpc.UntypedServiceImplementation {
  Decide: grpc.handleUnaryCall<_idgate_core_v1_DashboardReviewDecisionRequest__Output, _idgate_core_v1_DashboardReviewDecided>;
  
  GetReview: grpc.handleUnaryCall<_idgate_core_v1_DashboardReviewIdRequest__Output, _idgate_core_v1_DashboardReview>;
  
  ListReviews: grpc.handleUnaryCall<_idgate_core_v1_DashboardReviewListRequest__Output, _idgate_core_v1_DashboardReviewList>;
  
}

export interface DashboardReviewsServiceDefinition extends grpc.ServiceDefinition {
  Decide: MethodDefinition<_idgate_core_v1_DashboardReviewDecisionRequest, _idgate_core_v1_DashboardReviewDecided, _idgate_core_v1_DashboardReviewDecisionRequest__Output, _idgate_core_v1_DashboardReviewDecided__Output>
  GetReview: MethodDefinition<_idgate_core_v1_DashboardReviewIdRequest, _idgate_core_v1_DashboardReview, _idgate_core_v1_DashboardReviewIdRequest__Output, _idgate_core_v1_DashboardReview__Output>
  ListReviews: MethodDefinition<_idgate_core_v1_DashboardReviewListRequest, _idgate_core_v1_DashboardReviewList, _idgate_core_v1_DashboardReviewListRequest__Output, _idgate_core_v1_DashboardReviewList__Output>
}
