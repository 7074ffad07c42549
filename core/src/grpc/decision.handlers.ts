import { coreProto, type CallContext, type core, type unaryHandler } from '@idgate/protos';
import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Decisions } from '../container.ts';
import type { RulesChange } from '../rules/rules.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;

/** gRPC handlers of the review queue, project rules and service-ID brackets (decode → service → encode). */
export function buildDecisionHandlers(d: Decisions, h: H): Array<readonly [ServiceDefinition, UntypedServiceImplementation]> {
  const proto = coreProto();
  const reviews: core.ReviewServiceHandlers = {
    ListReviews: h((req: core.ReviewListRequest, ctx) => d.reviews.list(req, ctx)),
    GetReview: h((req: core.ReviewIdRequest, ctx) => d.reviews.get(req.id ?? '', ctx)),
    ApproveReview: h((req: core.ReviewDecisionRequest, ctx) => d.reviews.approve(req.id ?? '', req.note, ctx)),
    RejectReview: h((req: core.ReviewDecisionRequest, ctx) => d.reviews.reject(req.id ?? '', req.note, ctx)),
    RequestRetake: h((req: core.ReviewDecisionRequest, ctx) => d.reviews.requestRetake(req.id ?? '', req.note, ctx)),
  };
  const rules: core.RulesServiceHandlers = {
    GetRules: h((_req: unknown, ctx) => d.rules.get(ctx)),
    SetRules: h((req: core.SetProjectRulesRequest, ctx) => d.rules.set(rulesChangeOf(req), ctx)),
  };
  const serviceIds: core.ServiceIdServiceHandlers = {
    BracketForSession: h(async (req: core.BracketRequest) => {
      const offer = await d.serviceIds.bracketForSession(req.resultToken ?? '', { claim: req.claim ?? false });
      return {
        bracket: offer.bracket ?? undefined,
        nextChangeAt: offer.nextChangeAt?.toISOString(),
        method: offer.method,
        verifiedAt: offer.verifiedAt.toISOString(),
        redirectUrl: offer.redirectUrl,
      };
    }),
  };
  return [
    [proto.ReviewService.service, reviews],
    [proto.RulesService.service, rules],
    [proto.ServiceIdService.service, serviceIds],
  ] as const;
}

/**
 * The change a SetRules request asks for: `use_default_list` true goes back to the category's
 * list, false sets `restricted_countries`, absent keeps the list. A gateway from before partial
 * updates never sends false (proto3 leaves a plain false off the wire), so a list it sends
 * without the flag is still set.
 */
export function rulesChangeOf(req: core.SetProjectRulesRequest): RulesChange {
  const list = req.restrictedCountries ?? [];
  const useDefault = req.useDefaultList ?? (list.length ? false : undefined);
  return {
    contentCategory: req.contentCategory,
    restrictedCountries: useDefault === undefined ? undefined : useDefault ? null : list,
    serverSideChecks: req.serverSideChecks,
    tokenMethods: req.setTokenMethods === undefined || req.setTokenMethods === null ? undefined : req.setTokenMethods ? (req.tokenMethods ?? []) : null,
    tokenMaxAgeDays: req.tokenMaxAgeDays === undefined || req.tokenMaxAgeDays === null ? undefined : req.tokenMaxAgeDays === 0 ? null : req.tokenMaxAgeDays,
  };
}
