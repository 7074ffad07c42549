/**
 * Tiny builders for plain JSON Schema (draft-07), the one format Fastify validates and
 * @fastify/swagger publishes. Bodies reject unknown fields (additionalProperties: false) and
 * nothing is coerced: "18" is not 18.
 *
 * Each builder also carries, in its type only, the TypeScript type of what the schema accepts
 * (`Typed<T>`): a route reads its body, params, querystring and reply types off its schemas
 * (SchemaTypeProvider below), so a schema and a handler cannot drift apart unnoticed. The JSON
 * the builders return is untouched by this: the marker property exists in types, never at run time.
 */
import type { FastifyTypeProvider } from 'fastify';

export type Schema = Record<string, unknown>;

/** The marker's key: declared only, so no property of that name is ever created. */
declare const schemaType: unique symbol;

/** A schema whose accepted values are of type T (a phantom type: nothing of T is stored). */
export interface Typed<T> extends Schema {
  readonly [schemaType]?: T;
}

/** The type a schema accepts; `unknown` for a schema written as a plain object. */
export type Infer<S> = S extends Typed<infer T> ? T : unknown;

/** Spreads an intersection into one object type, so hovers read `{ a: string; b?: number }`. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The object type of obj(properties, required): the required keys present, the others optional. */
export type ObjectOf<P extends Record<string, Schema>, R extends keyof P> = Flatten<{ [K in R]: Infer<P[K]> } & { [K in Exclude<keyof P, R>]?: Infer<P[K]> }>;

export const str = (maxLength: number, extra: Schema = {}): Typed<string> => ({ type: 'string', maxLength, ...extra });
export const int = (extra: Schema = {}): Typed<number> => ({ type: 'integer', ...extra });
export const bool = (extra: Schema = {}): Typed<boolean> => ({ type: 'boolean', ...extra });
export const num = (extra: Schema = {}): Typed<number> => ({ type: 'number', ...extra });
export const arr = <T>(items: Typed<T>, maxItems: number, extra: Schema = {}): Typed<T[]> => ({ type: 'array', items, maxItems, ...extra });
export const nullable = <T>(s: Typed<T>): Typed<T | null> => ({ ...s, type: [s.type as string, 'null'] });

/** `{ type: 'string', enum: values, ...extra }`: one of the listed strings (a null listed counts only under nullable()). */
export const oneOf = <const V extends readonly (string | null)[]>(values: V, extra: Schema = {}): Typed<V[number]> => ({
  type: 'string',
  enum: values,
  ...extra,
});

/** `{ type: 'boolean', enum: [value] }`: exactly true, or exactly false (the envelopes' `success`). */
export const literal = <const V extends boolean>(value: V, extra: Schema = {}): Typed<V> => ({ type: 'boolean', enum: [value], ...extra });

/** `{ type: 'object', additionalProperties: values, ...extra }`: an object of any keys whose values match `values`. */
export const mapOf = <T>(values: Typed<T>, extra: Schema = {}): Typed<Record<string, T>> => ({ type: 'object', additionalProperties: values, ...extra });

/** `{ type: 'object', additionalProperties: true, ...extra }`: any JSON object. */
export const anyObject = (extra: Schema = {}): Typed<Record<string, unknown>> => ({ type: 'object', additionalProperties: true, ...extra });

export function obj<P extends Record<string, Schema>, R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
  extra: Schema = {},
): Typed<ObjectOf<P, R>> {
  return { type: 'object', properties, required, additionalProperties: false, ...extra };
}

/** `{ success: true, data }` envelope of verify endpoints (spec §4). */
export function envelope<T>(data: Typed<T>, description: string) {
  return { description, ...obj({ success: literal(true), data }, ['success', 'data']) };
}

export const errorBody = {
  description: 'Error: `code` is from the error catalogue (docs/errors.md); clients branch on it, not on the HTTP status.',
  ...obj(
    {
      success: literal(false),
      error: obj(
        {
          code: str(64),
          message: str(500),
          details: anyObject(),
          request_id: str(100),
        },
        ['code', 'message'],
      ),
    },
    ['success', 'error'],
  ),
};

/** Error responses a route may give, keyed by HTTP status, each documenting its codes. */
export function errors(byStatus: Record<number, string[]>): Record<string, typeof errorBody> {
  const out: Record<string, typeof errorBody> = {};
  for (const [status, codes] of Object.entries(byStatus)) out[status] = { ...errorBody, description: `Error codes: ${codes.join(', ')}` };
  return out;
}

/** What any JSON body can be refused with (docs/errors.md "Malformed requests"): invalid, not JSON, too large, not application/json. */
const BODY_ERRORS: Record<string, string[]> = { 400: ['REQUEST_INVALID', 'BODY_INVALID_JSON'], 413: ['PAYLOAD_TOO_LARGE'], 415: ['UNSUPPORTED_MEDIA_TYPE'] };

/** What a path parameter can be refused with: not percent-encoded UTF-8, U+0000 (400), over 100 characters (414). */
export const PATH_ERRORS: Record<string, string[]> = { 400: ['REQUEST_INVALID'], 414: ['URL_TOO_LONG'] };

/** errors() of a route with a JSON body: its own codes merged with BODY_ERRORS (and any further lists). */
export function bodyErrors(...lists: Record<number, string[]>[]): Record<string, typeof errorBody> {
  return errors(mergeErrors(BODY_ERRORS, ...lists));
}

/** Code lists by status, merged (a status in several lists gets all their codes once). */
export function mergeErrors(...lists: Record<number, string[]>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const list of lists) for (const [status, codes] of Object.entries(list)) out[status] = [...new Set([...(out[status] ?? []), ...codes])];
  return out;
}

/**
 * Fastify type provider over Typed schemas: with `app.withTypeProvider<SchemaTypeProvider>()`,
 * req.body, req.params and req.query take the types of schema.body, .params and .querystring, and
 * what a handler returns or sends is checked against schema.response. A plain Schema gives `unknown`.
 */
export interface SchemaTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends Typed<infer T> ? T : unknown;
  readonly serializer: this['schema'] extends Typed<infer T> ? T : unknown;
}

/**
 * SchemaTypeProvider for the request only: replies stay unchecked (`unknown`). For routes whose
 * replies are built from core's gRPC messages: proto3 cannot mark a field required, so every
 * field of those messages is optional in their generated types, while the response schemas
 * require the ones core always sets (and narrow some strings to enums). Until that boundary says
 * what core guarantees, checking those replies would take a cast per field.
 */
export interface SchemaRequestTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends Typed<infer T> ? T : unknown;
  readonly serializer: unknown;
}
