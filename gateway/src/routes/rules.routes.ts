import type { FastifyInstance } from 'fastify';
import { callUnary, type DecisionClients, type core } from '@idgate/protos';
import * as S from '../schemas/verify.schemas.ts';
import * as D from '../schemas/decisions.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { callContext, compact } from './context.ts';

const ERRORS = { 401: ['AUTH_REQUIRED', 'AUTH_INVALID_KEY', 'AUTH_BEARER_NOT_ACCEPTED'], 403: ['AUTH_SECRET_KEY_REQUIRED'], 503: ['UPSTREAM_UNAVAILABLE'] };
const tags = ['rules'];

const rulesBody = (r: core.ProjectRulesMessageOut) => ({
  success: true,
  data: {
    content_category: r.contentCategory,
    restricted_countries: r.restrictedCountries ?? [],
    default_list: r.defaultList ?? false,
    server_side_checks: r.serverSideChecks ?? false,
    token_methods: r.tokenMethods ?? [],
    token_max_age_days: r.tokenMaxAgeDays ?? 0,
  },
});

/** The project's rule-engine settings (docs/decisions/path-selection.md): secret key only. */
export function rulesRoutes(fastify: FastifyInstance, d: { clients: DecisionClients }): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  app.get(
    '/verify/v1/rules',
    {
      schema: {
        tags,
        summary: "The project's content category, restricted countries (path C), server-side face checks and reuse policy of path D",
        headers: S.apiKeyHeader,
        response: { 200: D.rulesResponse, ...S.errors(ERRORS) },
      },
    },
    async (req) => rulesBody(await callUnary(d.clients.rules, 'getRules', {}, callContext(req))),
  );

  app.put(
    '/verify/v1/rules',
    {
      schema: {
        tags,
        summary:
          'Change the content category, the restricted countries (null: the category default), server-side face checks or the reuse policy of path D; a field left out keeps its value',
        headers: S.apiKeyHeader,
        body: D.rulesBody,
        response: { 200: D.rulesResponse, ...S.bodyErrors(ERRORS) },
      },
    },
    async (req) => {
      const b = req.body;
      const list = b.restricted_countries;
      // Only what the body names changes (docs/verify-api.md, "Project rules").
      const request = compact({
        contentCategory: b.content_category,
        restrictedCountries: list ?? [],
        useDefaultList: list === undefined ? undefined : list === null,
        serverSideChecks: b.server_side_checks,
        tokenMethods: b.token_methods ?? [],
        setTokenMethods: b.token_methods === undefined ? undefined : b.token_methods !== null,
        tokenMaxAgeDays: b.token_max_age_days === undefined ? undefined : (b.token_max_age_days ?? 0),
      });
      return rulesBody(await callUnary(d.clients.rules, 'setRules', request, callContext(req)));
    },
  );
}
