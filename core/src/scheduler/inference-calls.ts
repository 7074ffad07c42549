import type { CallContext } from '@idgate/protos';
import type { InferenceMethod, MethodRequest, MethodResponse } from './methods.ts';

/**
 * What the domain services need of the inference scheduler: one job, run somewhere. Services type
 * their dependency by this, not by InferenceScheduler, whose #private fields no fake could match,
 * so a unit spec passes a plain object that answers `call`.
 */
export interface InferenceCalls {
  call<M extends InferenceMethod>(method: M, request: MethodRequest<M>, ctx?: CallContext): Promise<MethodResponse<M>>;
}
