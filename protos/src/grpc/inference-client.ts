import { credentials, type ChannelOptions } from '@grpc/grpc-js';
import type { ProtoGrpcType } from '../../gen/inference.ts';
import type { InferenceServiceClient } from '../../gen/idgate/inference/v1/InferenceService.ts';
import { loadProto } from './load.ts';
import { CHANNEL_OPTIONS } from './channel.ts';

export type InferenceProto = ProtoGrpcType['idgate']['inference']['v1'];
export type { InferenceServiceClient };
export type { InferenceServiceHandlers } from '../../gen/idgate/inference/v1/InferenceService.ts';
export type {
  ImageRequest as InferenceImageRequest,
  ImageRequest__Output as InferenceImageRequest__Output,
} from '../../gen/idgate/inference/v1/ImageRequest.ts';
export type {
  FramesRequest as InferenceFramesRequest,
  FramesRequest__Output as InferenceFramesRequest__Output,
} from '../../gen/idgate/inference/v1/FramesRequest.ts';
export type {
  MatchFacesRequest as InferenceMatchFacesRequest,
  MatchFacesRequest__Output as InferenceMatchFacesRequest__Output,
} from '../../gen/idgate/inference/v1/MatchFacesRequest.ts';
export type {
  ReadDocumentRequest as InferenceReadDocumentRequest,
  ReadDocumentRequest__Output as InferenceReadDocumentRequest__Output,
} from '../../gen/idgate/inference/v1/ReadDocumentRequest.ts';
export type {
  HealthRequest as InferenceHealthRequest,
  HealthRequest__Output as InferenceHealthRequest__Output,
} from '../../gen/idgate/inference/v1/HealthRequest.ts';
export type {
  DetectFacesResponse as InferenceDetectFacesResponse,
  DetectFacesResponse__Output as InferenceDetectFacesResponse__Output,
} from '../../gen/idgate/inference/v1/DetectFacesResponse.ts';
export type {
  LivenessResponse as InferenceLivenessResponse,
  LivenessResponse__Output as InferenceLivenessResponse__Output,
} from '../../gen/idgate/inference/v1/LivenessResponse.ts';
export type { AgeResponse as InferenceAgeResponse, AgeResponse__Output as InferenceAgeResponse__Output } from '../../gen/idgate/inference/v1/AgeResponse.ts';
export type {
  EmbedFaceResponse as InferenceEmbedFaceResponse,
  EmbedFaceResponse__Output as InferenceEmbedFaceResponse__Output,
} from '../../gen/idgate/inference/v1/EmbedFaceResponse.ts';
export type {
  MatchFacesResponse as InferenceMatchFacesResponse,
  MatchFacesResponse__Output as InferenceMatchFacesResponse__Output,
} from '../../gen/idgate/inference/v1/MatchFacesResponse.ts';
export type {
  CheckFaceResponse as InferenceCheckFaceResponse,
  CheckFaceResponse__Output as InferenceCheckFaceResponse__Output,
} from '../../gen/idgate/inference/v1/CheckFaceResponse.ts';
export type {
  ReadDocumentResponse as InferenceReadDocumentResponse,
  ReadDocumentResponse__Output as InferenceReadDocumentResponse__Output,
} from '../../gen/idgate/inference/v1/ReadDocumentResponse.ts';
export type {
  HealthResponse as InferenceHealthResponse,
  HealthResponse__Output as InferenceHealthResponse__Output,
} from '../../gen/idgate/inference/v1/HealthResponse.ts';
export type { Embedding as InferenceEmbedding, Embedding__Output as InferenceEmbedding__Output } from '../../gen/idgate/inference/v1/Embedding.ts';
export type { FaceInput as InferenceFaceInput, FaceInput__Output as InferenceFaceInput__Output } from '../../gen/idgate/inference/v1/FaceInput.ts';
export type { Quality as InferenceQuality, Quality__Output as InferenceQuality__Output } from '../../gen/idgate/inference/v1/Quality.ts';
export type { Face as InferenceFace, Face__Output as InferenceFace__Output } from '../../gen/idgate/inference/v1/Face.ts';
export type {
  ThresholdVerdict as InferenceThresholdVerdict,
  ThresholdVerdict__Output as InferenceThresholdVerdict__Output,
} from '../../gen/idgate/inference/v1/ThresholdVerdict.ts';
export type {
  FrameLiveness as InferenceFrameLiveness,
  FrameLiveness__Output as InferenceFrameLiveness__Output,
} from '../../gen/idgate/inference/v1/FrameLiveness.ts';

let cached: InferenceProto | undefined;

/** The loaded inference.proto package (service definition for the node, constructor for clients). */
export function inferenceProto(): InferenceProto {
  cached ??= loadProto<ProtoGrpcType>('inference').idgate.inference.v1;
  return cached;
}

/**
 * Typed client of one inference node (core's scheduler keeps one per node). Call it with
 * `callUnary(client, 'checkFace', { frames }, ctx)`; ctx.deadline becomes the gRPC deadline.
 * @example const client = createInferenceClient('10.0.0.7:50052')
 */
export function createInferenceClient(address: string, options: ChannelOptions = {}): InferenceServiceClient {
  const proto = inferenceProto();
  return new proto.InferenceService(address, credentials.createInsecure(), { ...CHANNEL_OPTIONS, ...options });
}
