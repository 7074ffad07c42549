import type { ErrorSpec } from './types.ts';

export const OAUTH_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
