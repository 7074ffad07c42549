import type { InferenceServiceClient, UnaryMethodOf, UnaryReply, UnaryRequest } from '@idgate/protos';

/**
 * The job RPCs of InferenceService, by client method name: every unary method but Health, which
 * the health monitor calls itself. Derived from the generated client, so a method or field added
 * to inference.proto reaches the scheduler without a second list to keep in step.
 */
export type InferenceMethod = Exclude<UnaryMethodOf<InferenceServiceClient>, 'health'>;
export type MethodRequest<M extends InferenceMethod> = UnaryRequest<InferenceServiceClient, M>;
export type MethodResponse<M extends InferenceMethod> = UnaryReply<InferenceServiceClient, M>;
