import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { AgeResponse as _idgate_inference_v1_AgeResponse, AgeResponse__Output as _idgate_inference_v1_AgeResponse__Output } from './idgate/inference/v1/AgeResponse.ts';
import type { Box as _idgate_inference_v1_Box, Box__Output as _idgate_inference_v1_Box__Output } from './idgate/inference/v1/Box.ts';
import type { CheckFaceResponse as _idgate_inference_v1_CheckFaceResponse, CheckFaceResponse__Output as _idgate_inference_v1_CheckFaceResponse__Output } from './idgate/inference/v1/CheckFaceResponse.ts';
import type { DetectFacesResponse as _idgate_inference_v1_DetectFacesResponse, DetectFacesResponse__Output as _idgate_inference_v1_DetectFacesResponse__Output } from './idgate/inference/v1/DetectFacesResponse.ts';
import type { DocumentZone as _idgate_inference_v1_DocumentZone, DocumentZone__Output as _idgate_inference_v1_DocumentZone__Output } from './idgate/inference/v1/DocumentZone.ts';
import type { EmbedFaceResponse as _idgate_inference_v1_EmbedFaceResponse, EmbedFaceResponse__Output as _idgate_inference_v1_EmbedFaceResponse__Output } from './idgate/inference/v1/EmbedFaceResponse.ts';
import type { Embedding as _idgate_inference_v1_Embedding, Embedding__Output as _idgate_inference_v1_Embedding__Output } from './idgate/inference/v1/Embedding.ts';
import type { Face as _idgate_inference_v1_Face, Face__Output as _idgate_inference_v1_Face__Output } from './idgate/inference/v1/Face.ts';
import type { FaceInput as _idgate_inference_v1_FaceInput, FaceInput__Output as _idgate_inference_v1_FaceInput__Output } from './idgate/inference/v1/FaceInput.ts';
import type { FrameLiveness as _idgate_inference_v1_FrameLiveness, FrameLiveness__Output as _idgate_inference_v1_FrameLiveness__Output } from './idgate/inference/v1/FrameLiveness.ts';
import type { FramesRequest as _idgate_inference_v1_FramesRequest, FramesRequest__Output as _idgate_inference_v1_FramesRequest__Output } from './idgate/inference/v1/FramesRequest.ts';
import type { HealthRequest as _idgate_inference_v1_HealthRequest, HealthRequest__Output as _idgate_inference_v1_HealthRequest__Output } from './idgate/inference/v1/HealthRequest.ts';
import type { HealthResponse as _idgate_inference_v1_HealthResponse, HealthResponse__Output as _idgate_inference_v1_HealthResponse__Output } from './idgate/inference/v1/HealthResponse.ts';
import type { ImageRequest as _idgate_inference_v1_ImageRequest, ImageRequest__Output as _idgate_inference_v1_ImageRequest__Output } from './idgate/inference/v1/ImageRequest.ts';
import type { InferenceServiceClient as _idgate_inference_v1_InferenceServiceClient, InferenceServiceDefinition as _idgate_inference_v1_InferenceServiceDefinition } from './idgate/inference/v1/InferenceService.ts';
import type { LivenessResponse as _idgate_inference_v1_LivenessResponse, LivenessResponse__Output as _idgate_inference_v1_LivenessResponse__Output } from './idgate/inference/v1/LivenessResponse.ts';
import type { MatchFacesRequest as _idgate_inference_v1_MatchFacesRequest, MatchFacesRequest__Output as _idgate_inference_v1_MatchFacesRequest__Output } from './idgate/inference/v1/MatchFacesRequest.ts';
import type { MatchFacesResponse as _idgate_inference_v1_MatchFacesResponse, MatchFacesResponse__Output as _idgate_inference_v1_MatchFacesResponse__Output } from './idgate/inference/v1/MatchFacesResponse.ts';
import type { Point as _idgate_inference_v1_Point, Point__Output as _idgate_inference_v1_Point__Output } from './idgate/inference/v1/Point.ts';
import type { Pose as _idgate_inference_v1_Pose, Pose__Output as _idgate_inference_v1_Pose__Output } from './idgate/inference/v1/Pose.ts';
import type { Quality as _idgate_inference_v1_Quality, Quality__Output as _idgate_inference_v1_Quality__Output } from './idgate/inference/v1/Quality.ts';
import type { ReadDocumentRequest as _idgate_inference_v1_ReadDocumentRequest, ReadDocumentRequest__Output as _idgate_inference_v1_ReadDocumentRequest__Output } from './idgate/inference/v1/ReadDocumentRequest.ts';
import type { ReadDocumentResponse as _idgate_inference_v1_ReadDocumentResponse, ReadDocumentResponse__Output as _idgate_inference_v1_ReadDocumentResponse__Output } from './idgate/inference/v1/ReadDocumentResponse.ts';
import type { ThresholdVerdict as _idgate_inference_v1_ThresholdVerdict, ThresholdVerdict__Output as _idgate_inference_v1_ThresholdVerdict__Output } from './idgate/inference/v1/ThresholdVerdict.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  idgate: {
    inference: {
      v1: {
        AgeResponse: MessageTypeDefinition<_idgate_inference_v1_AgeResponse, _idgate_inference_v1_AgeResponse__Output>
        AgeVerdict: EnumTypeDefinition
        Box: MessageTypeDefinition<_idgate_inference_v1_Box, _idgate_inference_v1_Box__Output>
        CheckFaceResponse: MessageTypeDefinition<_idgate_inference_v1_CheckFaceResponse, _idgate_inference_v1_CheckFaceResponse__Output>
        DetectFacesResponse: MessageTypeDefinition<_idgate_inference_v1_DetectFacesResponse, _idgate_inference_v1_DetectFacesResponse__Output>
        DocumentZone: MessageTypeDefinition<_idgate_inference_v1_DocumentZone, _idgate_inference_v1_DocumentZone__Output>
        EmbedFaceResponse: MessageTypeDefinition<_idgate_inference_v1_EmbedFaceResponse, _idgate_inference_v1_EmbedFaceResponse__Output>
        Embedding: MessageTypeDefinition<_idgate_inference_v1_Embedding, _idgate_inference_v1_Embedding__Output>
        Face: MessageTypeDefinition<_idgate_inference_v1_Face, _idgate_inference_v1_Face__Output>
        FaceInput: MessageTypeDefinition<_idgate_inference_v1_FaceInput, _idgate_inference_v1_FaceInput__Output>
        FrameLiveness: MessageTypeDefinition<_idgate_inference_v1_FrameLiveness, _idgate_inference_v1_FrameLiveness__Output>
        FramesRequest: MessageTypeDefinition<_idgate_inference_v1_FramesRequest, _idgate_inference_v1_FramesRequest__Output>
        HealthRequest: MessageTypeDefinition<_idgate_inference_v1_HealthRequest, _idgate_inference_v1_HealthRequest__Output>
        HealthResponse: MessageTypeDefinition<_idgate_inference_v1_HealthResponse, _idgate_inference_v1_HealthResponse__Output>
        ImageRequest: MessageTypeDefinition<_idgate_inference_v1_ImageRequest, _idgate_inference_v1_ImageRequest__Output>
        InferenceService: SubtypeConstructor<typeof grpc.Client, _idgate_inference_v1_InferenceServiceClient> & { service: _idgate_inference_v1_InferenceServiceDefinition }
        LivenessResponse: MessageTypeDefinition<_idgate_inference_v1_LivenessResponse, _idgate_inference_v1_LivenessResponse__Output>
        MatchFacesRequest: MessageTypeDefinition<_idgate_inference_v1_MatchFacesRequest, _idgate_inference_v1_MatchFacesRequest__Output>
        MatchFacesResponse: MessageTypeDefinition<_idgate_inference_v1_MatchFacesResponse, _idgate_inference_v1_MatchFacesResponse__Output>
        Point: MessageTypeDefinition<_idgate_inference_v1_Point, _idgate_inference_v1_Point__Output>
        Pose: MessageTypeDefinition<_idgate_inference_v1_Pose, _idgate_inference_v1_Pose__Output>
        Quality: MessageTypeDefinition<_idgate_inference_v1_Quality, _idgate_inference_v1_Quality__Output>
        ReadDocumentRequest: MessageTypeDefinition<_idgate_inference_v1_ReadDocumentRequest, _idgate_inference_v1_ReadDocumentRequest__Output>
        ReadDocumentResponse: MessageTypeDefinition<_idgate_inference_v1_ReadDocumentResponse, _idgate_inference_v1_ReadDocumentResponse__Output>
        ThresholdVerdict: MessageTypeDefinition<_idgate_inference_v1_ThresholdVerdict, _idgate_inference_v1_ThresholdVerdict__Output>
      }
    }
  }
}

