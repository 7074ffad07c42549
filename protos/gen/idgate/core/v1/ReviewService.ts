// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { RetakeReply as _idgate_core_v1_RetakeReply, RetakeReply__Output as _idgate_core_v1_RetakeReply__Output } from '../../../idgate/core/v1/RetakeReply.ts';
import type { Review as _idgate_core_v1_Review, Review__Output as _idgate_core_v1_Review__Output } from '../../../idgate/core/v1/Review.ts';
import type { ReviewDecisionRequest as _idgate_core_v1_ReviewDecisionRequest, ReviewDecisionRequest__Output as _idgate_core_v1_ReviewDecisionRequest__Output } from '../../../idgate/core/v1/ReviewDecisionRequest.ts';
import type { ReviewIdRequest as _idgate_core_v1_ReviewIdRequest, ReviewIdRequest__Output as _idgate_core_v1_ReviewIdRequest__Output } from '../../../idgate/core/v1/ReviewIdRequest.ts';
import type { ReviewList as _idgate_core_v1_ReviewList, ReviewList__Output as _idgate_core_v1_ReviewList__Output } from '../../../idgate/core/v1/ReviewList.ts';
import type { ReviewListRequest as _idgate_core_v1_ReviewListRequest, ReviewListRequest__Output as _idgate_core_v1_ReviewListRequest__Output } from '../../../idgate/core/v1/ReviewListRequest.ts';

export interface ReviewServiceClient extends grpc.Client {
  ApproveReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  ApproveReview(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  approveReview(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  
  GetReview(argument: _idgate_core_v1_ReviewIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_ReviewIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_ReviewIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  GetReview(argument: _idgate_core_v1_ReviewIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_ReviewIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_ReviewIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_ReviewIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  getReview(argument: _idgate_core_v1_ReviewIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  
  ListReviews(argument: _idgate_core_v1_ReviewListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_ReviewListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_ReviewListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  ListReviews(argument: _idgate_core_v1_ReviewListRequest, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_ReviewListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_ReviewListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_ReviewListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  listReviews(argument: _idgate_core_v1_ReviewListRequest, callback: grpc.requestCallback<_idgate_core_v1_ReviewList__Output>): grpc.ClientUnaryCall;
  
  RejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  RejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  RejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  RejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  rejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  rejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  rejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  rejectReview(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_Review__Output>): grpc.ClientUnaryCall;
  
  RequestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  RequestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  RequestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  RequestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  requestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  requestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  requestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  requestRetake(argument: _idgate_core_v1_ReviewDecisionRequest, callback: grpc.requestCallback<_idgate_core_v1_RetakeReply__Output>): grpc.ClientUnaryCall;
  
}

export interface ReviewServiceHandlers extends grpc.UntypedServiceImplementation {
  ApproveReview: grpc.handleUnaryCall<_idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_Review>;
  
  GetReview: grpc.handleUnaryCall<_idgate_core_v1_ReviewIdRequest__Output, _idgate_core_v1_Review>;
  
  ListReviews: grpc.handleUnaryCall<_idgate_core_v1_ReviewListRequest__Output, _idgate_core_v1_ReviewList>;
  
  RejectReview: grpc.handleUnaryCall<_idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_Review>;
  
  RequestRetake: grpc.handleUnaryCall<_idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_RetakeReply>;
  
}

export interface ReviewServiceDefinition extends grpc.ServiceDefinition {
  ApproveReview: MethodDefinition<_idgate_core_v1_ReviewDecisionRequest, _idgate_core_v1_Review, _idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_Review__Output>
  GetReview: MethodDefinition<_idgate_core_v1_ReviewIdRequest, _idgate_core_v1_Review, _idgate_core_v1_ReviewIdRequest__Output, _idgate_core_v1_Review__Output>
  ListReviews: MethodDefinition<_idgate_core_v1_ReviewListRequest, _idgate_core_v1_ReviewList, _idgate_core_v1_ReviewListRequest__Output, _idgate_core_v1_ReviewList__Output>
  RejectReview: MethodDefinition<_idgate_core_v1_ReviewDecisionRequest, _idgate_core_v1_Review, _idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_Review__Output>
  RequestRetake: MethodDefinition<_idgate_core_v1_ReviewDecisionRequest, _idgate_core_v1_RetakeReply, _idgate_core_v1_ReviewDecisionRequest__Output, _idgate_core_v1_RetakeReply__Output>
}
