import type {
  InferenceAgeResponse__Output,
  InferenceCheckFaceResponse__Output,
  InferenceDetectFacesResponse__Output,
  InferenceEmbedFaceResponse__Output,
  InferenceFramesRequest,
  InferenceImageRequest,
  InferenceLivenessResponse__Output,
  InferenceMatchFacesRequest,
  InferenceMatchFacesResponse__Output,
  InferenceReadDocumentRequest,
  InferenceReadDocumentResponse__Output,
} from '@idgate/protos';

/** The job RPCs of InferenceService, by client method name, with their request and answer types. */
interface Methods {
  detectFaces: [InferenceImageRequest, InferenceDetectFacesResponse__Output];
  checkLiveness: [InferenceFramesRequest, InferenceLivenessResponse__Output];
  estimateAge: [InferenceImageRequest, InferenceAgeResponse__Output];
  embedFace: [InferenceImageRequest, InferenceEmbedFaceResponse__Output];
  matchFaces: [InferenceMatchFacesRequest, InferenceMatchFacesResponse__Output];
  checkFace: [InferenceFramesRequest, InferenceCheckFaceResponse__Output];
  readDocument: [InferenceReadDocumentRequest, InferenceReadDocumentResponse__Output];
}

export type InferenceMethod = keyof Methods;
export type MethodRequest<M extends InferenceMethod> = Methods[M][0];
export type MethodResponse<M extends InferenceMethod> = Methods[M][1];
