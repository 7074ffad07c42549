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
  description: 'Error: `code` is from the error catalogue (docs/errors.md); clients branch on it, not on the HTTP status.',
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

/** What any JSON body can be refused with (docs/errors.md "Malformed requests"): invalid, not JSON, too large, not application/json. */
const BODY_ERRORS: Record<string, string[]> = { 400: ['REQUEST_INVALID', 'BODY_INVALID_JSON'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };

/** What a path parameter can be refused with: not percent-encoded UTF-8, U+0000 (400), over 100 characters (414). */
export const PATH_ERRORS: Record<string, string[]> = { 400: ['REQUEST_INVALID'], 414: ['URL_TOO_LONG'] };

/** errors() of a route with a JSON body: its own codes merged with BODY_ERRORS (and any further lists). */
export function bodyErrors(...lists: Record<number, string[]>[]): Record<string, Schema> {
  return errors(mergeErrors(BODY_ERRORS, ...lists));
}

/** Code lists by status, merged (a status in several lists gets all their codes once). */
export function mergeErrors(...lists: Record<number, string[]>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const list of lists) for (const [status, codes] of Object.entries(list)) out[status] = [...new Set([...(out[status] ?? []), ...codes])];
  return out;
}
