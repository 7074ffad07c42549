// Original file: protos/inference.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AgeResponse as _idgate_inference_v1_AgeResponse, AgeResponse__Output as _idgate_inference_v1_AgeResponse__Output } from '../../../idgate/inference/v1/AgeResponse.ts';
import type { CheckFaceResponse as _idgate_inference_v1_CheckFaceResponse, CheckFaceResponse__Output as _idgate_inference_v1_CheckFaceResponse__Output } from '../../../idgate/inference/v1/CheckFaceResponse.ts';
import type { DetectFacesResponse as _idgate_inference_v1_DetectFacesResponse, DetectFacesResponse__Output as _idgate_inference_v1_DetectFacesResponse__Output } from '../../../idgate/inference/v1/DetectFacesResponse.ts';
import type { EmbedFaceResponse as _idgate_inference_v1_EmbedFaceResponse, EmbedFaceResponse__Output as _idgate_inference_v1_EmbedFaceResponse__Output } from '../../../idgate/inference/v1/EmbedFaceResponse.ts';
import type { FramesRequest as _idgate_inference_v1_FramesRequest, FramesRequest__Output as _idgate_inference_v1_FramesRequest__Output } from '../../../idgate/inference/v1/FramesRequest.ts';
import type { HealthRequest as _idgate_inference_v1_HealthRequest, HealthRequest__Output as _idgate_inference_v1_HealthRequest__Output } from '../../../idgate/inference/v1/HealthRequest.ts';
import type { HealthResponse as _idgate_inference_v1_HealthResponse, HealthResponse__Output as _idgate_inference_v1_HealthResponse__Output } from '../../../idgate/inference/v1/HealthResponse.ts';
import type { ImageRequest as _idgate_inference_v1_ImageRequest, ImageRequest__Output as _idgate_inference_v1_ImageRequest__Output } from '../../../idgate/inference/v1/ImageRequest.ts';
import type { LivenessResponse as _idgate_inference_v1_LivenessResponse, LivenessResponse__Output as _idgate_inference_v1_LivenessResponse__Output } from '../../../idgate/inference/v1/LivenessResponse.ts';
import type { MatchFacesRequest as _idgate_inference_v1_MatchFacesRequest, MatchFacesRequest__Output as _idgate_inference_v1_MatchFacesRequest__Output } from '../../../idgate/inference/v1/MatchFacesRequest.ts';
import type { MatchFacesResponse as _idgate_inference_v1_MatchFacesResponse, MatchFacesResponse__Output as _idgate_inference_v1_MatchFacesResponse__Output } from '../../../idgate/inference/v1/MatchFacesResponse.ts';
import type { ReadDocumentRequest as _idgate_inference_v1_ReadDocumentRequest, ReadDocumentRequest__Output as _idgate_inference_v1_ReadDocumentRequest__Output } from '../../../idgate/inference/v1/ReadDocumentRequest.ts';
import type { ReadDocumentResponse as _idgate_inference_v1_ReadDocumentResponse, ReadDocumentResponse__Output as _idgate_inference_v1_ReadDocumentResponse__Output } from '../../../idgate/inference/v1/ReadDocumentResponse.ts';

export interface InferenceServiceClient extends grpc.Client {
  CheckFace(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  CheckFace(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  CheckFace(argument: _idgate_inference_v1_FramesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  CheckFace(argument: _idgate_inference_v1_FramesRequest, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  checkFace(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  checkFace(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  checkFace(argument: _idgate_inference_v1_FramesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  checkFace(argument: _idgate_inference_v1_FramesRequest, callback: grpc.requestCallback<_idgate_inference_v1_CheckFaceResponse__Output>): grpc.ClientUnaryCall;
  
  CheckLiveness(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  CheckLiveness(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  CheckLiveness(argument: _idgate_inference_v1_FramesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  CheckLiveness(argument: _idgate_inference_v1_FramesRequest, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  checkLiveness(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  checkLiveness(argument: _idgate_inference_v1_FramesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  checkLiveness(argument: _idgate_inference_v1_FramesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  checkLiveness(argument: _idgate_inference_v1_FramesRequest, callback: grpc.requestCallback<_idgate_inference_v1_LivenessResponse__Output>): grpc.ClientUnaryCall;
  
  DetectFaces(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  DetectFaces(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  DetectFaces(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  DetectFaces(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  detectFaces(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  detectFaces(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  detectFaces(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  detectFaces(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_DetectFacesResponse__Output>): grpc.ClientUnaryCall;
  
  EmbedFace(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  EmbedFace(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  EmbedFace(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  EmbedFace(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  embedFace(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  embedFace(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  embedFace(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  embedFace(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_EmbedFaceResponse__Output>): grpc.ClientUnaryCall;
  
  EstimateAge(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  EstimateAge(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  EstimateAge(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  EstimateAge(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  estimateAge(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  estimateAge(argument: _idgate_inference_v1_ImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  estimateAge(argument: _idgate_inference_v1_ImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  estimateAge(argument: _idgate_inference_v1_ImageRequest, callback: grpc.requestCallback<_idgate_inference_v1_AgeResponse__Output>): grpc.ClientUnaryCall;
  
  Health(argument: _idgate_inference_v1_HealthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _idgate_inference_v1_HealthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _idgate_inference_v1_HealthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  Health(argument: _idgate_inference_v1_HealthRequest, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _idgate_inference_v1_HealthRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _idgate_inference_v1_HealthRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _idgate_inference_v1_HealthRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  health(argument: _idgate_inference_v1_HealthRequest, callback: grpc.requestCallback<_idgate_inference_v1_HealthResponse__Output>): grpc.ClientUnaryCall;
  
  MatchFaces(argument: _idgate_inference_v1_MatchFacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  MatchFaces(argument: _idgate_inference_v1_MatchFacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  MatchFaces(argument: _idgate_inference_v1_MatchFacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  MatchFaces(argument: _idgate_inference_v1_MatchFacesRequest, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  matchFaces(argument: _idgate_inference_v1_MatchFacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  matchFaces(argument: _idgate_inference_v1_MatchFacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  matchFaces(argument: _idgate_inference_v1_MatchFacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  matchFaces(argument: _idgate_inference_v1_MatchFacesRequest, callback: grpc.requestCallback<_idgate_inference_v1_MatchFacesResponse__Output>): grpc.ClientUnaryCall;
  
  ReadDocument(argument: _idgate_inference_v1_ReadDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  ReadDocument(argument: _idgate_inference_v1_ReadDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  ReadDocument(argument: _idgate_inference_v1_ReadDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  ReadDocument(argument: _idgate_inference_v1_ReadDocumentRequest, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  readDocument(argument: _idgate_inference_v1_ReadDocumentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  readDocument(argument: _idgate_inference_v1_ReadDocumentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  readDocument(argument: _idgate_inference_v1_ReadDocumentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  readDocument(argument: _idgate_inference_v1_ReadDocumentRequest, callback: grpc.requestCallback<_idgate_inference_v1_ReadDocumentResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface InferenceServiceHandlers extends grpc.UntypedServiceImplementation {
  CheckFace: grpc.handleUnaryCall<_idgate_inference_v1_FramesRequest__Output, _idgate_inference_v1_CheckFaceResponse>;
  
  CheckLiveness: grpc.handleUnaryCall<_idgate_inference_v1_FramesRequest__Output, _idgate_inference_v1_LivenessResponse>;
  
  DetectFaces: grpc.handleUnaryCall<_idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_DetectFacesResponse>;
  
  EmbedFace: grpc.handleUnaryCall<_idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_EmbedFaceResponse>;
  
  EstimateAge: grpc.handleUnaryCall<_idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_AgeResponse>;
  
  Health: grpc.handleUnaryCall<_idgate_inference_v1_HealthRequest__Output, _idgate_inference_v1_HealthResponse>;
  
  MatchFaces: grpc.handleUnaryCall<_idgate_inference_v1_MatchFacesRequest__Output, _idgate_inference_v1_MatchFacesResponse>;
  
  ReadDocument: grpc.handleUnaryCall<_idgate_inference_v1_ReadDocumentRequest__Output, _idgate_inference_v1_ReadDocumentResponse>;
  
}

export interface InferenceServiceDefinition extends grpc.ServiceDefinition {
  CheckFace: MethodDefinition<_idgate_inference_v1_FramesRequest, _idgate_inference_v1_CheckFaceResponse, _idgate_inference_v1_FramesRequest__Output, _idgate_inference_v1_CheckFaceResponse__Output>
  CheckLiveness: MethodDefinition<_idgate_inference_v1_FramesRequest, _idgate_inference_v1_LivenessResponse, _idgate_inference_v1_FramesRequest__Output, _idgate_inference_v1_LivenessResponse__Output>
  DetectFaces: MethodDefinition<_idgate_inference_v1_ImageRequest, _idgate_inference_v1_DetectFacesResponse, _idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_DetectFacesResponse__Output>
  EmbedFace: MethodDefinition<_idgate_inference_v1_ImageRequest, _idgate_inference_v1_EmbedFaceResponse, _idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_EmbedFaceResponse__Output>
  EstimateAge: MethodDefinition<_idgate_inference_v1_ImageRequest, _idgate_inference_v1_AgeResponse, _idgate_inference_v1_ImageRequest__Output, _idgate_inference_v1_AgeResponse__Output>
  Health: MethodDefinition<_idgate_inference_v1_HealthRequest, _idgate_inference_v1_HealthResponse, _idgate_inference_v1_HealthRequest__Output, _idgate_inference_v1_HealthResponse__Output>
  MatchFaces: MethodDefinition<_idgate_inference_v1_MatchFacesRequest, _idgate_inference_v1_MatchFacesResponse, _idgate_inference_v1_MatchFacesRequest__Output, _idgate_inference_v1_MatchFacesResponse__Output>
  ReadDocument: MethodDefinition<_idgate_inference_v1_ReadDocumentRequest, _idgate_inference_v1_ReadDocumentResponse, _idgate_inference_v1_ReadDocumentRequest__Output, _idgate_inference_v1_ReadDocumentResponse__Output>
}
