// Signed OpenID4VP 1.0 request objects for the two channels. Each channel has exactly one response mode
// (RELIABILITY C-VP-1): a DC API request never names a response_uri or a direct_post mode, a QR request never
// a dc_api mode or expected_origins — so a response can never be routed through the channel it was not made for.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { DcqlQuery } from 'dcql';
import type { WalletChannel, WalletTransaction } from './transaction-store.ts';
import type { VerifierIdentity } from './verifier-identity.ts';

export const RESPONSE_MODE: Record<WalletChannel, 'dc_api.jwt' | 'direct_post.jwt'> = { dc_api: 'dc_api.jwt', direct_post: 'direct_post.jwt' };
export const RESPONSE_ENC = 'A128GCM';
export const RESPONSE_ALG = 'ECDH-ES';
/** The DC API protocol identifier of a signed OpenID4VP 1.0 request. */
export const DC_API_PROTOCOL = 'openid4vp-v1-signed';

/** A fresh P-256 key pair for one transaction's encrypted response; the private half lives in the transaction. */
export async function ephemeralResponseKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ECDH-ES', { crv: 'P-256', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk, 'sha256'), use: 'enc', alg: RESPONSE_ALG };
}

/** The public half, as client_metadata.jwks carries it. */
export function publicResponseKey(priv: JWK): JWK {
  const { d: _d, ...pub } = priv;
  return pub;
}

/** RFC 7638 SHA-256 thumbprint of the response key, the bytes the session transcript binds. */
export async function responseKeyThumbprint(priv: JWK): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from(await calculateJwkThumbprint(publicResponseKey(priv), 'sha256'), 'base64url'));
}

export interface RequestObjectInput {
  readonly tx: WalletTransaction;
  readonly identity: VerifierIdentity;
  readonly dcql: DcqlQuery.Output;
  /** QR channel only: where the wallet posts the encrypted response. */
  readonly responseUri?: string;
  /** QR channel only: the wallet_nonce a wallet sent to the request_uri, echoed back. */
  readonly walletNonce?: string;
  readonly nowMs: number;
}

/** The claims of the request object; exported apart from the signing for the C-VP-1 test matrix. */
export function requestClaims(input: RequestObjectInput): Record<string, unknown> {
  const { tx, identity } = input;
  const common = {
    aud: 'https://self-issued.me/v2',
    client_id: identity.clientId,
    response_type: 'vp_token',
    response_mode: RESPONSE_MODE[tx.channel],
    nonce: tx.nonce,
    dcql_query: input.dcql,
    client_metadata: {
      jwks: { keys: [publicResponseKey(tx.responseKey)] },
      encrypted_response_enc_values_supported: [RESPONSE_ENC],
      vp_formats_supported: { mso_mdoc: { issuerauth_alg_values: [-7, -9], deviceauth_alg_values: [-7, -9] } },
    },
    iat: Math.floor(input.nowMs / 1000),
    exp: Math.floor(tx.expiresAtMs / 1000),
  };
  if (tx.channel === 'dc_api') return { ...common, expected_origins: [tx.origin] };
  return {
    ...common,
    response_uri: input.responseUri,
    state: tx.id,
    ...(input.walletNonce ? { wallet_nonce: input.walletNonce } : {}),
  };
}

/** The signed request object (`typ: oauth-authz-req+jwt`, leaf certificate in `x5c`). */
export async function signRequestObject(input: RequestObjectInput): Promise<string> {
  return new SignJWT(requestClaims(input))
    .setProtectedHeader({ alg: 'ES256', typ: 'oauth-authz-req+jwt', x5c: [...input.identity.x5c] })
    .sign(input.identity.signingKey);
}

/** The deep link a phone opens (and the QR code carries): OpenID4VP by reference, fetched with POST. */
export function walletDeepLink(clientId: string, requestUri: string): string {
  const q = new URLSearchParams({ client_id: clientId, request_uri: requestUri, request_uri_method: 'post' });
  return `openid4vp://?${q.toString()}`;
}
