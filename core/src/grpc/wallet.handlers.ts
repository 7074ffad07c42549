import { appError, coreProto, type CallContext, type core, type unaryHandler } from '@idgate/protos';
import type { ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Container } from '../container.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;

/** JSON text from the gateway (the DC API's answer) as a value; not JSON is the caller's bad input. */
function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    throw appError('WALLET_RESPONSE_INVALID', { message: 'The credential answer is not JSON.' });
  }
}

/** Path E (docs/wallet.md): the widget's calls go through the widget service (they answer widget state), the wallet's to the path. */
export function buildWalletHandlers(c: Pick<Container, 'widget' | 'walletPath'>, h: H): readonly [ServiceDefinition, UntypedServiceImplementation] {
  const impl: core.WalletServiceHandlers = {
    Start: h(async (req: core.WalletStartRequest, ctx) => {
      const channel = req.channel === 'dc_api' || req.channel === 'qr' ? req.channel : undefined;
      if (!channel) throw appError('REQUEST_INVALID', { message: 'channel must be dc_api or qr.' });
      return c.widget.startWallet(channel, req.origin ?? undefined, ctx);
    }),
    GetStatus: h((req: core.WalletTransactionRequest, ctx) => c.widget.walletStatus(req.transactionId ?? '', ctx)),
    SubmitDcApiResponse: h((req: core.WalletDcApiResponse, ctx) =>
      c.widget.submitWalletResponse(
        { transactionId: req.transactionId ?? '', origin: req.origin ?? '', protocol: req.protocol ?? '', data: parseJson(req.dataJson) },
        ctx,
      ),
    ),
    Decline: h((_req: unknown, ctx) => c.widget.declineWallet(ctx)),
    GetRequestObject: h(async (req: core.WalletRequestObjectRequest) => ({
      jwt: await c.walletPath.requestObject(req.transactionId ?? '', req.walletNonce ?? undefined),
    })),
    SubmitDirectPost: h((req: core.WalletDirectPost) =>
      c.walletPath.acceptDirectPost({
        transactionId: req.transactionId ?? '',
        response: req.response ?? undefined,
        error: req.error ?? undefined,
        state: req.state ?? undefined,
      }),
    ),
  };
  return [coreProto().WalletService.service, impl] as const;
}
