import type { ErrorSpec } from './types.ts';

export const WEBHOOK_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
