/**
 * Compile-time proof that gRPC calls and servers are typed by the generated code (protos/gen): each
 * `@ts-expect-error` below marks a mistake that must fail `npm run typecheck`. If one of them
 * stops being an error, tsc reports the directive as unused, so a loosened helper type is caught.
 * Nothing here runs: the functions are never called (the file is not a test and not imported).
 */
import type { AdminServiceClient } from '../../gen/idgate/core/v1/AdminService.ts';
import type { VerificationServiceClient } from '../../gen/idgate/core/v1/VerificationService.ts';
import type { RulesServiceHandlers } from '../../gen/idgate/core/v1/RulesService.ts';
import type { SetProjectRulesRequest__Output } from '../../gen/idgate/core/v1/SetProjectRulesRequest.ts';
import type { CoreClients } from './core-client.ts';
import { callUnary, unaryHandler } from './unary.ts';

export async function typedCallsCompile(admin: AdminServiceClient, verification: VerificationServiceClient, core: CoreClients): Promise<void> {
  // The right method, request and reply compile.
  const account = await callUnary(admin, 'getAccount', { tenantId: 't' });
  const plan: string | undefined = account.plan;
  const status = await callUnary(verification, 'getStatus', { token: 'x' }, { requestId: 'r' });
  const terminal: boolean | undefined = status.terminal;
  void plan;
  void terminal;

  // @ts-expect-error: AdminService has no method getAcount.
  await callUnary(admin, 'getAcount', { tenantId: 't' });
  // @ts-expect-error: the generated PascalCase twin is not offered; callers use one spelling.
  await callUnary(admin, 'GetAccount', { tenantId: 't' });
  // @ts-expect-error: TenantRequest has no field tenant_id.
  await callUnary(admin, 'getAccount', { tenant_id: 't' });
  // @ts-expect-error: tenantId is a string.
  await callUnary(admin, 'getAccount', { tenantId: 42 });
  // @ts-expect-error: Account has no field planName.
  void account.planName;
  // @ts-expect-error: a decoded int64 is a string (longs: String), never a number.
  const cents: number | undefined = account.monthlyBudgetCents;
  void cents;

  // The multiplexed verify calls are typed the same way.
  const init = await core.verify('init', { minAge: 18, verificationMode: 'age' }, {});
  void init.verifyUrl;
  // @ts-expect-error: start is a WidgetService method, not a multiplexed VerificationService one.
  await core.verify('start', { initToken: 't' }, {});
  // @ts-expect-error: InitRequest has no field min_age (the HTTP body's spelling).
  await core.verify('init', { min_age: 18 }, {});
  // @ts-expect-error: InitResponse has no field verify_url.
  void init.verify_url;
}

/** Servers are declared as the generated *Handlers interface: every method, its request and its reply. */
export function typedServersCompile(): RulesServiceHandlers[] {
  const rules: RulesServiceHandlers = {
    GetRules: unaryHandler(async () => ({ contentCategory: 'general' })),
    SetRules: unaryHandler(async (req: SetProjectRulesRequest__Output) => ({ contentCategory: req.contentCategory, defaultList: req.useDefaultList })),
  };
  // @ts-expect-error: SetRules is not implemented.
  const missing: RulesServiceHandlers = { GetRules: rules.GetRules };
  const wrongReply: RulesServiceHandlers = {
    // @ts-expect-error: ProjectRulesMessage has no field content_category (and none of its fields is set).
    GetRules: unaryHandler(async () => ({ content_category: 'general' })),
    SetRules: rules.SetRules,
  };
  const wrongRequest: RulesServiceHandlers = {
    GetRules: rules.GetRules,
    // @ts-expect-error: SetRules decodes a SetProjectRulesRequest, whose useDefaultList is a boolean.
    SetRules: unaryHandler(async (req: { useDefaultList: string }) => ({ contentCategory: req.useDefaultList })),
  };
  return [rules, missing, wrongReply, wrongRequest];
}
