/**
 * Tiny builders for plain JSON Schema (draft-07), the one format Fastify validates and
 * @fastify/swagger publishes. Bodies reject unknown fields (additionalProperties: false) and
 * nothing is coerced: "18" is not 18.
 */
export type Schema = Record<string, unknown>;

export const str = (maxLength: number, extra: Schema = {}): Schema => ({ type: 'string', maxLength, ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const arr = (items: Schema, maxItems: number, extra: Schema = {}): Schema => ({ type: 'array', items, maxItems, ...extra });
export const nullable = (s: Schema): Schema => ({ ...s, type: [s.type as string, 'null'] });

export function obj(properties: Record<string, Schema>, required: string[] = [], extra: Schema = {}): Schema {
  return { type: 'object', properties, required, additionalProperties: false, ...extra };
}

/** `{ success: true, data }` envelope of verify endpoints (spec §4). */
export function envelope(data: Schema, description: string): Schema {
  return { description, ...obj({ success: { type: 'boolean', enum: [true] }, data }, ['success', 'data']) };
}

export const errorBody: Schema = {
  description: 'Error: `code` is from the error catalogue (README "Errors"); clients branch on it, not on the HTTP status.',
  ...obj(
    {
      success: { type: 'boolean', enum: [false] },
      error: obj(
        {
          code: str(64),
          message: str(500),
          details: { type: 'object', additionalProperties: true },
          request_id: str(100),
        },
        ['code', 'message'],
      ),
    },
    ['success', 'error'],
  ),
};

/** Error responses a route may give, keyed by HTTP status, each documenting its codes. */
export function errors(byStatus: Record<number, string[]>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [status, codes] of Object.entries(byStatus)) out[status] = { ...errorBody, description: `Error codes: ${codes.join(', ')}` };
  return out;
}
