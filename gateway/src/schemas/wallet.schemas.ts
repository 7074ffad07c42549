// Path E's HTTP shapes (docs/wallet.md "Endpoints"): the widget's calls under /verify/v1/widget/session/wallet and
// the wallet's calls under /wallet/v1 (OpenID4VP 1.0: request_uri and response_uri).
import { anyObject, arr, envelope, obj, oneOf, str } from './json-schema.ts';
import { widgetStateData } from './verify.schemas.ts';

/** Transaction ids are 24 base64url characters; the bound leaves room without accepting anything long. */
export const transactionParams = obj({ transaction_id: str(64, { pattern: '^[A-Za-z0-9_-]+$' }) }, ['transaction_id']);

export const walletStartBody = obj(
  {
    channel: oneOf(['dc_api', 'qr'] as const, {
      description:
        'dc_api: the browser asks the wallet (navigator.credentials.get; the Origin header must be a widget origin). qr: a deep link for a wallet on another device.',
    }),
  },
  ['channel'],
);

export const walletStart = envelope(
  obj(
    {
      transaction_id: str(64),
      channel: oneOf(['dc_api', 'qr'] as const),
      expires_at: str(40),
      dc_api: obj(
        {
          requests: arr(obj({ protocol: str(64), data: anyObject() }, ['protocol', 'data']), 4, {
            description: 'Pass as navigator.credentials.get({ digital: { requests } }).',
          }),
        },
        ['requests'],
      ),
      qr: obj(
        {
          deep_link: str(4096, { description: 'openid4vp://?client_id=…&request_uri=…&request_uri_method=post: put it in the QR code.' }),
          request_uri: str(2048),
        },
        ['deep_link', 'request_uri'],
      ),
    },
    ['transaction_id', 'channel', 'expires_at'],
  ),
  'A wallet transaction: the DC API requests, or the QR deep link. Single use; expires_at at the latest.',
);

export const walletStatus = envelope(
  obj(
    {
      state: oneOf(['pending', 'passed', 'failed', 'expired'] as const),
      code: str(64, { description: 'With state failed: the WALLET_* code the presentation ended with.' }),
      expires_at: str(40, { description: 'With state pending.' }),
      session: widgetStateData,
    },
    ['state', 'session'],
  ),
  'The wallet transaction and the widget session as they are now.',
);

export const walletResponseBody = obj(
  {
    protocol: str(64, { description: 'The protocol navigator.credentials.get resolved with (openid4vp-v1-signed).' }),
    data: anyObject({ description: 'The data it resolved with ({ response: <JWE> }).' }),
  },
  ['protocol', 'data'],
);

/**
 * The wallet's form posts. Unknown fields are allowed here, unlike on our own JSON routes: wallets are third-party
 * software and OpenID4VP lets them add parameters; only the named ones are read.
 */
export const requestObjectForm = obj(
  {
    wallet_nonce: str(256, { description: "The wallet's nonce, echoed in the request object (OpenID4VP §5.10)." }),
    wallet_metadata: str(16_384),
  },
  [],
  { additionalProperties: true },
);

export const directPostForm = obj(
  {
    response: str(262_144, { description: 'The encrypted response (JWE), direct_post.jwt.' }),
    error: str(128, { description: 'An OpenID4VP error instead of a response: access_denied (the user declined) ends the transaction with WALLET_DECLINED.' }),
    error_description: str(1024),
    state: str(64),
  },
  [],
  { additionalProperties: true },
);

export const directPostOk = obj({}, [], { description: 'The presentation was verified and the session passed.' });
