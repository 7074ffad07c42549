export { InferenceScheduler, type InferenceSchedulerOptions } from './inference-scheduler.ts';
export type { InferenceMethod, MethodRequest, MethodResponse } from './methods.ts';
export type { InferenceCalls } from './inference-calls.ts';
export type { NodeStatus, NodeHealth } from './node-state.ts';
export { dnsResolver, resolveNodes, type HostResolver } from './node-resolver.ts';
export { classifyFailure, type FailureKind } from './retry-policy.ts';
