/**
 * Compile-time checks of the schema types, run by `npm run typecheck` (never executed: the
 * routes are registered on an instance nobody starts). Each @ts-expect-error line must fail to
 * type check; if a change made it pass, tsc reports the unused directive.
 */
import Fastify from 'fastify';
import { initBody } from './verify.schemas.ts';
import { arr, bool, envelope, int, nullable, obj, oneOf, str, type Infer, type SchemaRequestTypeProvider, type SchemaTypeProvider } from './json-schema.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T => true as T;

const body = obj({ name: str(100), age: int(), tags: arr(str(10), 5), note: nullable(str(10)), kind: oneOf(['a', 'b']), nested: obj({ on: bool() }, ['on']) }, [
  'name',
  'kind',
]);
expectType<Equal<Infer<typeof body>, { name: string; kind: 'a' | 'b'; age?: number; tags?: string[]; note?: string | null; nested?: { on: boolean } }>>();
// Composition by spread keeps the type.
const _described = { description: 'd', ...body };
expectType<Equal<Infer<typeof _described>, Infer<typeof body>>>();
// @ts-expect-error a required key must be one of the properties
obj({ a: str(1) }, ['b']);

export function typedRoutes(): void {
  const app = Fastify().withTypeProvider<SchemaTypeProvider>();
  const params = obj({ id: str(64) }, ['id']);
  const reply = envelope(obj({ id: str(64), count: int() }, ['id']), 'd');

  app.post('/things/:id', { schema: { body, params, response: { 200: reply } } }, async (req) => {
    expectType<Equal<typeof req.body.name, string>>();
    expectType<Equal<typeof req.params.id, string>>();
    // @ts-expect-error a field the body schema lacks
    void req.body.nickname;
    // @ts-expect-error an optional field is possibly undefined
    req.body.age.toFixed();
    // @ts-expect-error kind is 'a' | 'b', never 'c'
    if (req.body.kind === 'c') throw new Error('unreachable');
    // `as const`: a handler's return is inferred with the schema, and TypeScript widens a bare `true` to boolean there.
    return { success: true as const, data: { id: req.params.id, count: 1 } };
  });

  // @ts-expect-error a reply the response schema refuses: count is a number
  app.get('/things/:id', { schema: { params, response: { 200: reply } } }, async (req) => ({
    success: true as const,
    data: { id: req.params.id, count: '1' },
  }));
  // @ts-expect-error a reply missing a required field (id)
  app.get('/other/:id', { schema: { params, response: { 200: reply } } }, async () => ({ success: true as const, data: { count: 1 } }));

  app.get('/query', { schema: { querystring: obj({ limit: str(3) }) } }, async (req) => {
    expectType<Equal<typeof req.query.limit, string | undefined>>();
    // @ts-expect-error a query parameter the schema lacks
    void req.query.offset;
  });
}

export function requestOnlyRoutes(): void {
  const app = Fastify().withTypeProvider<SchemaRequestTypeProvider>();
  app.post('/things', { schema: { body, response: { 200: envelope(str(1), 'd') } } }, async (req) => {
    // @ts-expect-error a number field read as a string
    const n: string = req.body.age;
    return { anything: n };
  });
}

// The real schemas carry their types: the init body's one required field, and a field it lacks.
type InitBody = Infer<typeof initBody>;
expectType<Equal<InitBody['callback_url'], string>>();
expectType<Equal<InitBody['min_age'], number | undefined>>();
// @ts-expect-error the init body has no `age` field
export type NoSuchField = InitBody['age'];
