import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_LIMITS, callUnary, type CoreClients, type core } from '@idgate/protos';
import { adminAuth } from '../plugins/admin-auth.ts';
import { arr, bool, int, nullable, num, obj, oneOf, str, type SchemaTypeProvider } from '../schemas/json-schema.ts';
import { compact } from './context.ts';

/**
 * `:id` of the path. These routes declare no params schema (adding one would change the published
 * document), so nothing types req.params; the router gives every declared parameter as a string.
 */
const pathId = (req: FastifyRequest): string => (req.params as { id: string }).id;

const PLAN = oneOf(['free', 'basic', 'starter', 'growth', 'scale']);
/** A whole number within one of ADMIN_LIMITS' ranges (each fits the proto type that carries it). */
const ranged = (r: { min: number; max: number }, description: string) => int({ minimum: r.min, maximum: r.max, description });

/**
 * The admin API behind `npm run admin` (DESIGN "Operational contract"): Bearer ADMIN_TOKEN.
 * Answers are plain JSON objects (what the CLI prints). Webhook and OAuth-client commands
 * are served by webhook-admin.routes.ts and oauth-admin.routes.ts.
 */
export function adminRoutes(app: FastifyInstance, d: { core: CoreClients; adminToken: string }): void {
  app.register(async (instance) => {
    instance.addHook('onRequest', adminAuth(d.adminToken));
    // These routes have no response schemas: only the requests are typed from their schemas.
    const scope = instance.withTypeProvider<SchemaTypeProvider>();
    const admin = d.core.admin;

    scope.post(
      '/admin/v1/tenants',
      {
        schema: { tags: ['admin'], body: obj({ name: str(200), plan: PLAN }, ['name', 'plan']) },
      },
      async (req) => keys(await callUnary(admin, 'createTenant', req.body)),
    );

    scope.get('/admin/v1/tenants/:id', { schema: { tags: ['admin'] } }, async (req) =>
      account(await callUnary(admin, 'getAccount', { tenantId: pathId(req) })),
    );

    scope.patch(
      '/admin/v1/tenants/:id',
      {
        schema: {
          tags: ['admin'],
          body: obj({
            plan: PLAN,
            monthly_budget_cents: nullable(
              ranged(
                ADMIN_LIMITS.monthlyBudgetCents,
                'Metered plans only (starter, growth, scale): the monthly cap on metered spend, in cents; null removes it.',
              ),
            ),
            suspended: bool(),
            top_up_checks: ranged(ADMIN_LIMITS.topUp, 'Checks bought: added to those bought before (the total stays within 2147483647).'),
            top_up_verifications: ranged(ADMIN_LIMITS.topUp, 'Verifications bought: added to those bought before (the total stays within 2147483647).'),
          }),
        },
      },
      async (req) => {
        const b = req.body;
        const budget = b.monthly_budget_cents === null ? '-1' : b.monthly_budget_cents === undefined ? undefined : String(b.monthly_budget_cents);
        return account(
          await callUnary(
            admin,
            'updateAccount',
            compact({
              tenantId: pathId(req),
              plan: b.plan,
              monthlyBudgetCents: budget,
              suspended: b.suspended,
              topUpChecks: b.top_up_checks,
              topUpVerifications: b.top_up_verifications,
            }),
          ),
        );
      },
    );

    scope.post(
      '/admin/v1/tenants/:id/projects',
      {
        schema: { tags: ['admin'], body: obj({ name: str(200), api_version: str(10) }, ['name']) },
      },
      async (req) => keys(await callUnary(admin, 'createProject', compact({ tenantId: pathId(req), name: req.body.name, apiVersion: req.body.api_version }))),
    );

    scope.post(
      '/admin/v1/projects/:id/keys',
      {
        schema: { tags: ['admin'], body: obj({ scopes: arr(str(32), 16) }, ['scopes']) },
      },
      async (req) => {
        const res = await callUnary(admin, 'createApiKey', { projectId: pathId(req), scopes: req.body.scopes });
        return { key_id: res.keyId, key: res.key, scopes: res.scopes };
      },
    );

    scope.get(
      '/admin/v1/tenants/:id/ledger',
      {
        schema: { tags: ['admin'], querystring: obj({ month: str(7) }) },
      },
      async (req) => {
        const month = req.query.month ?? new Date().toISOString().slice(0, 7);
        const l = await callUnary(admin, 'getLedger', { tenantId: pathId(req), month });
        return {
          tenant_id: l.tenantId,
          month: l.month,
          plan: l.plan,
          lines: (l.lines ?? []).map((x) => ({
            kind: x.kind,
            count: x.count ?? 0,
            included: x.included ?? 0,
            top_up: x.topUp ?? 0,
            metered: x.metered ?? 0,
            absorbed: x.absorbed ?? 0,
            amount_cents: Number(x.amountCents ?? 0),
          })),
          total_cents: Number(l.totalCents ?? 0),
        };
      },
    );

    scope.post(
      '/admin/v1/screening/check',
      {
        schema: {
          tags: ['admin'],
          summary: 'Screen a name against the sanctions/PEP list (tenant support, tests)',
          body: obj({ name: str(300), birth_date: str(10), nationality: str(2), threshold: num({ exclusiveMinimum: 0, maximum: 1 }) }, ['name']),
        },
      },
      async (req) => {
        const b = req.body;
        const r = await callUnary(admin, 'screenName', compact({ name: b.name, birthDate: b.birth_date, nationality: b.nationality, threshold: b.threshold }));
        return {
          threshold: r.threshold,
          hits: (r.hits ?? []).map((h) => ({
            entity_id: h.entityId,
            matched_name: h.matchedName,
            matched_name_latin: h.matchedNameLatin ?? h.matchedName,
            score: h.score,
            source_lists: h.sourceLists ?? [],
            topics: h.topics ?? [],
          })),
        };
      },
    );

    scope.get('/admin/v1/screening/status', { schema: { tags: ['admin'], summary: 'Sanctions list version, entity count and last refresh' } }, async () => {
      const s = await callUnary(admin, 'getScreeningStatus', {});
      return {
        enabled: s.enabled ?? false,
        loaded: s.loaded ?? false,
        version: s.version ?? null,
        entity_count: s.entityCount ?? 0,
        person_count: s.personCount ?? 0,
        last_refresh_at: s.lastRefreshAt ?? null,
        last_error: s.lastError ?? null,
        refresh_failures: s.refreshFailures ?? 0,
      };
    });
  });
}

function keys(k: core.ProjectKeys) {
  return { tenant_id: k.tenantId, project_id: k.projectId, secret_key: k.secretKey, public_key: k.publicKey };
}

function account(a: core.Account) {
  return {
    tenant_id: a.tenantId,
    name: a.name,
    plan: a.plan,
    monthly_budget_cents: a.monthlyBudgetCents === undefined ? null : Number(a.monthlyBudgetCents),
    suspended: a.suspended ?? false,
    project_ids: a.projectIds ?? [],
  };
}
