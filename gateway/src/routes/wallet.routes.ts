import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appError,
  callUnary,
  ERROR_CATALOGUE,
  unstorableText,
  unstorableTextRefusal,
  walletHintCookie,
  type DecisionClients,
  type ErrorCode,
  type core,
} from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import { rateLimit } from '../plugins/rate-limit.ts';
import * as S from '../schemas/verify.schemas.ts';
import * as W from '../schemas/wallet.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { absentBodyAsEmptyObject, callContext, compact } from './context.ts';
import { widgetStateBody } from './widget.routes.ts';

/** Codes listed under the HTTP status the catalogue gives each, so the OpenAPI document cannot disagree with it. */
function byStatus(codes: readonly ErrorCode[]): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const code of codes) (out[ERROR_CATALOGUE[code].http] ??= []).push(code);
  return out;
}

const SESSION: ErrorCode[] = ['WIDGET_SESSION_INVALID', 'SESSION_STATE_CONFLICT', 'SESSION_EXPIRED', 'RATE_LIMITED'];
const NOT_READY: ErrorCode[] = ['WALLET_NOT_CONFIGURED', 'WALLET_TRUST_LIST_STALE', 'WALLET_TRUST_LIST_UNAVAILABLE'];
const TRANSACTION: ErrorCode[] = ['WALLET_TRANSACTION_NOT_FOUND', 'WALLET_TRANSACTION_EXPIRED', 'WALLET_TRANSACTION_ANSWERED'];
/** Every way a presentation can fail its checks (docs/wallet.md "Errors"). */
const PRESENTATION: ErrorCode[] = [
  'WALLET_RESPONSE_INVALID',
  'WALLET_RESPONSE_MODE_MISMATCH',
  'WALLET_NONCE_MISMATCH',
  'WALLET_ORIGIN_MISMATCH',
  'WALLET_DEVICE_RESPONSE_STATUS',
  'WALLET_DOCTYPE_MISMATCH',
  'WALLET_ISSUER_SIGNATURE_INVALID',
  'WALLET_ISSUER_UNTRUSTED',
  'WALLET_ISSUER_WITHDRAWN',
  'WALLET_DIGEST_MISMATCH',
  'WALLET_MSO_NOT_VALID',
  'WALLET_DEVICE_AUTH_INVALID',
  'WALLET_DEVICE_MAC_REFUSED',
  'WALLET_AGE_NOT_PROVEN',
];

/** The largest wallet form post: an encrypted DeviceResponse of one attestation is a few kilobytes. */
const WALLET_FORM_LIMIT = 256 * 1024;

export interface WalletRouteSettings {
  /** RATE_LIMIT_WALLET_PER_MINUTE: per widget session, per transaction and per client address. */
  perMinute: number;
  /** Origins the widget runs on (those of WIDGET_URL and BASE_URL): the only pages a DC API request is made for. */
  widgetOrigins: readonly string[];
  secureCookies: boolean;
}

/**
 * Path E (docs/wallet.md): the widget's calls on its session, and the wallet's calls on a transaction, whose id
 * is the capability (OpenID4VP request_uri and response_uri). Core decides everything; the gateway checks the
 * page origin of a DC API call, limits the rates and sets the first-party wallet hint on a pass.
 */
export function walletRoutes(
  fastify: FastifyInstance,
  d: { clients: DecisionClients; kv: KeyValueStore; now?: () => number; settings: WalletRouteSettings },
): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  const perWidget = rateLimit(d.kv, { name: 'wallet-widget', perMinute: d.settings.perMinute, by: 'widget-session' }, d.now);
  const origins = new Set(d.settings.widgetOrigins);
  const pageOrigin = (req: FastifyRequest): string => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !origins.has(origin))
      throw appError('WALLET_ORIGIN_MISMATCH', { message: 'The DC API is used only from the widget: the Origin header must be a widget origin.' });
    return origin;
  };
  /** The hint rides on the answer that carries the pass (no identifier in it). */
  const hintOnPass = (reply: { header(k: string, v: string): unknown }, s: core.WidgetState | undefined) => {
    if (s?.sessionStatus === 'success' && s.path === 'E') reply.header('set-cookie', walletHintCookie({ secure: d.settings.secureCookies }));
  };

  app.post(
    '/verify/v1/widget/session/wallet',
    {
      preHandler: perWidget,
      schema: {
        tags: ['widget'],
        summary: 'Open an EU wallet transaction (path E): DC API requests for this page, or a QR deep link for a wallet on another device',
        headers: S.widgetSessionHeader,
        body: W.walletStartBody,
        response: { 200: W.walletStart, ...S.bodyErrors(byStatus([...SESSION, ...NOT_READY, 'WALLET_ORIGIN_MISMATCH'])) },
      },
    },
    async (req) => {
      const origin = req.body.channel === 'dc_api' ? pageOrigin(req) : undefined;
      const r = await callUnary(d.clients.wallet, 'start', compact({ channel: req.body.channel, origin }), callContext(req));
      const channel = r.channel === 'dc_api' ? 'dc_api' : 'qr';
      return {
        success: true as const,
        data: compact({
          transaction_id: r.transactionId,
          channel,
          expires_at: r.expiresAt,
          dc_api:
            channel === 'dc_api'
              ? {
                  requests: (r.dcApiRequests ?? []).map((e) => ({
                    protocol: e.protocol ?? '',
                    data: JSON.parse(e.dataJson ?? '{}') as Record<string, unknown>,
                  })),
                }
              : undefined,
          qr: channel === 'qr' ? { deep_link: r.deepLink ?? '', request_uri: r.requestUri ?? '' } : undefined,
        }),
      };
    },
  );

  // Registered before /:transaction_id routes are matched against it: a static segment wins in find-my-way anyway.
  app.post(
    '/verify/v1/widget/session/wallet/decline',
    {
      preValidation: absentBodyAsEmptyObject,
      preHandler: perWidget,
      schema: {
        tags: ['widget'],
        summary: 'Verify another way: from step wallet_required the session moves to the path the rules pick without a wallet',
        headers: S.widgetSessionHeader,
        body: S.noBody,
        response: { 200: S.widgetState, ...S.bodyErrors(byStatus(SESSION)) },
      },
    },
    async (req) => widgetStateBody(await callUnary(d.clients.wallet, 'decline', {}, callContext(req))),
  );

  app.get(
    '/verify/v1/widget/session/wallet/:transaction_id',
    {
      preHandler: perWidget,
      schema: {
        tags: ['widget'],
        summary: "The wallet transaction's state and the session's (poll it while a wallet on another device answers)",
        headers: S.widgetSessionHeader,
        params: W.transactionParams,
        response: { 200: W.walletStatus, ...S.errors(byStatus([...SESSION, 'WALLET_TRANSACTION_NOT_FOUND', 'WALLET_NOT_CONFIGURED'])) },
      },
    },
    async (req, reply) => {
      const r = await callUnary(d.clients.wallet, 'getStatus', { transactionId: req.params.transaction_id }, callContext(req));
      if (r.state === 'passed') hintOnPass(reply, r.session ?? undefined);
      const state = r.state === 'pending' || r.state === 'passed' || r.state === 'failed' ? r.state : 'expired';
      return {
        success: true as const,
        data: compact({ state, code: r.code, expires_at: r.expiresAt, session: widgetStateBody(r.session ?? ({} as core.WidgetState)).data }),
      };
    },
  );

  app.post(
    '/verify/v1/widget/session/wallet/:transaction_id/response',
    {
      preHandler: perWidget,
      schema: {
        tags: ['widget'],
        summary: 'What navigator.credentials.get resolved with (DC API): the session passes, or fails when the wallet proves an age below the gate',
        headers: S.widgetSessionHeader,
        params: W.transactionParams,
        body: W.walletResponseBody,
        response: { 200: S.widgetState, ...S.bodyErrors(byStatus([...SESSION, ...NOT_READY, ...TRANSACTION, ...PRESENTATION])) },
      },
    },
    async (req, reply) => {
      const state = await callUnary(
        d.clients.wallet,
        'submitDcApiResponse',
        { transactionId: req.params.transaction_id, origin: pageOrigin(req), protocol: req.body.protocol, dataJson: JSON.stringify(req.body.data) },
        callContext(req),
      );
      hintOnPass(reply, state);
      return widgetStateBody(state);
    },
  );
}

/**
 * The wallet's side (OpenID4VP request_uri and response_uri): form posts, no widget session, no API key; the
 * transaction id is the capability. Limited per transaction and per client address.
 */
export async function walletEndpointRoutes(
  fastify: FastifyInstance,
  d: { clients: DecisionClients; kv: KeyValueStore; now?: () => number; settings: Pick<WalletRouteSettings, 'perMinute'> },
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: WALLET_FORM_LIMIT }, (_req, body, done) => {
      const fields = Object.fromEntries(new URLSearchParams(String(body)));
      const issues = unstorableText(fields, ['body']);
      done(issues.length ? unstorableTextRefusal(issues) : null, issues.length ? undefined : fields);
    });
    const walletApp = scope.withTypeProvider<SchemaRequestTypeProvider>();
    const perTransaction = rateLimit(d.kv, { name: 'wallet-tx', perMinute: d.settings.perMinute, by: 'transaction' }, d.now);
    const perAddress = rateLimit(d.kv, { name: 'wallet-ip', perMinute: d.settings.perMinute, by: 'client-ip' }, d.now);
    const requestErrors = byStatus(['RATE_LIMITED', 'WALLET_NOT_CONFIGURED', 'WALLET_RESPONSE_MODE_MISMATCH', ...TRANSACTION]);
    const requestObject = async (
      req: FastifyRequest,
      params: { transaction_id: string },
      body: { wallet_nonce?: string } | undefined,
      reply: { type(t: string): unknown },
    ) => {
      const r = await callUnary(
        d.clients.wallet,
        'getRequestObject',
        compact({ transactionId: params.transaction_id, walletNonce: body?.wallet_nonce }),
        callContext(req),
      );
      reply.type('application/oauth-authz-req+jwt');
      return r.jwt;
    };
    const jwtAnswer = { description: 'The signed request object (content-type application/oauth-authz-req+jwt).' };
    walletApp.post(
      '/wallet/v1/request/:transaction_id',
      {
        // Wallets may post no parameters at all.
        preValidation: absentBodyAsEmptyObject,
        preHandler: [perTransaction, perAddress],
        schema: {
          tags: ['wallet'],
          summary: "The request object of a QR transaction (OpenID4VP request_uri, request_uri_method=post); a wallet's call",
          params: W.transactionParams,
          body: W.requestObjectForm,
          response: { 200: jwtAnswer, ...S.errors(requestErrors) },
        },
      },
      (req, reply) => requestObject(req, req.params, req.body, reply),
    );
    walletApp.get(
      '/wallet/v1/request/:transaction_id',
      {
        preHandler: [perTransaction, perAddress],
        schema: {
          tags: ['wallet'],
          summary: 'The request object of a QR transaction, fetched with GET (no wallet_nonce)',
          params: W.transactionParams,
          response: { 200: jwtAnswer, ...S.errors(requestErrors) },
        },
      },
      (req, reply) => requestObject(req, req.params, undefined, reply),
    );
    walletApp.post(
      '/wallet/v1/response/:transaction_id',
      {
        preHandler: [perTransaction, perAddress],
        schema: {
          tags: ['wallet'],
          summary: "The wallet's answer to a QR transaction (direct_post.jwt): {} when verified and passed, else the error of its WALLET_* code",
          params: W.transactionParams,
          body: W.directPostForm,
          response: {
            200: W.directPostOk,
            // SESSION_*: the session was decided, canceled or expired while the wallet was answering.
            ...S.errors(
              byStatus([
                'RATE_LIMITED',
                'WALLET_DECLINED',
                'WALLET_AGE_BELOW_GATE',
                'SESSION_STATE_CONFLICT',
                'SESSION_EXPIRED',
                ...NOT_READY,
                ...TRANSACTION,
                ...PRESENTATION,
              ]),
            ),
          },
        },
      },
      async (req) => {
        await callUnary(
          d.clients.wallet,
          'submitDirectPost',
          compact({
            transactionId: req.params.transaction_id,
            response: req.body.response,
            error: req.body.error,
            errorDescription: req.body.error_description,
            state: req.body.state,
          }),
          callContext(req),
        );
        return {};
      },
    );
  });
}
