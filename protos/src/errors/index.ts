export { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from './catalogue.ts';
export { AppError, appError, invalidField, isAppError, type AppErrorDetails, type FieldIssue } from './app-error.ts';
export { toServiceError, fromServiceError } from './grpc.ts';
export { toWireError, fromWireError, type WireError } from './wire.ts';
export { toHttpResponse, type HttpErrorBody } from './http.ts';
export type { ErrorSpec, GrpcStatusName } from './codes/types.ts';
export { startOrExit, describeExpectedFailure, DescribedStartupFailure, type ExpectedFailure } from './startup-failure.ts';
export { outcomeOf, type OutcomeClass } from './outcome.ts';
export { unstorableText, unstorableTextRefusal } from './unstorable-text.ts';
