// A test wallet that speaks OpenID4VP 1.0 on the wire as a real one does: it verifies the signed request
// object against its x5c leaf and x509_hash client_id, builds a DeviceResponse from the test issuer over the
// session transcript it computes itself, and encrypts the answer to the verifier's ephemeral key. Every way a
// presentation can be wrong is one option, so end-to-end tests (HTTP, browser) can drive the negative matrix.
// Test-only: nothing here is used by the service.
import { createHash, X509Certificate } from 'node:crypto';
import { CompactEncrypt, calculateJwkThumbprint, decodeProtectedHeader, importJWK, importX509, jwtVerify, type JWK } from 'jose';
import { PID_DOCTYPE } from '../contracts.ts';
import { DCQL_IDS } from '../dcql-query.ts';
import { dcApiSessionTranscript, redirectSessionTranscript } from '../mdoc/session-transcript.ts';
import { createTestDeviceResponse, type TestIssuer, type TestPresentationOptions } from '../mdoc/testing/test-issuer.ts';
import { DC_API_PROTOCOL } from '../request-object.ts';

/** The claims of a verified request object, as the wallet reads them. */
export type WalletRequest = Record<string, any> & {
  client_id: string;
  nonce: string;
  response_mode: string;
  client_metadata: { jwks: { keys: JWK[] } };
  dcql_query: { credentials: { id: string; meta: { doctype_value: string }; claims: { path: string[] }[] }[] };
};

/** What the test wallet presents and how it can be made wrong (all off: a valid presentation). */
export interface TestWalletOptions extends Partial<Omit<TestPresentationOptions, 'sessionTranscript' | 'issuer'>> {
  readonly issuer: TestIssuer;
  /** Present the PID instead of the age-verification attestation. */
  readonly usePid?: boolean;
  /** Sign the transcript over another nonce than the request's. */
  readonly nonce?: string;
  /** DC API: the origin the platform asserts to the wallet (default the request's expected_origins[0]). */
  readonly origin?: string;
  /** QR: the `state` to echo (default the request's). */
  readonly state?: string;
}

/** Verifies a request object as a wallet must: signature by the x5c leaf and client_id = x509_hash of it. */
export async function readRequestObject(jwt: string): Promise<WalletRequest> {
  const header = decodeProtectedHeader(jwt);
  if (header.typ !== 'oauth-authz-req+jwt') throw new Error(`test wallet: request object typ ${String(header.typ)}`);
  const leaf = header.x5c?.[0];
  if (!leaf) throw new Error('test wallet: request object without x5c');
  const leafPem = new X509Certificate(Buffer.from(leaf, 'base64')).toString();
  const { payload } = await jwtVerify(jwt, await importX509(leafPem, 'ES256'));
  const hash = createHash('sha256').update(Buffer.from(leaf, 'base64')).digest('base64url');
  if (payload.client_id !== `x509_hash:${hash}`) throw new Error('test wallet: client_id is not the x509_hash of the x5c leaf');
  return payload as WalletRequest;
}

/** The `age_over_NN` element the request's DCQL query asks for. */
export function requestedElement(request: WalletRequest): string {
  const path = request.dcql_query.credentials[0]?.claims[0]?.path;
  if (!path?.[1]) throw new Error('test wallet: the DCQL query names no claim');
  return path[1];
}

async function responseKeyThumbprint(request: WalletRequest): Promise<Uint8Array> {
  const key = request.client_metadata.jwks.keys[0]!;
  return new Uint8Array(Buffer.from(await calculateJwkThumbprint(key, 'sha256'), 'base64url'));
}

/** Encrypts an OpenID4VP response payload to the request's key (ECDH-ES + A128GCM), as `dc_api.jwt` and `direct_post.jwt` need. */
export async function sealResponse(request: WalletRequest, payload: Record<string, unknown>): Promise<string> {
  const key = request.client_metadata.jwks.keys[0]!;
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'ECDH-ES'));
}

async function vpToken(request: WalletRequest, transcript: Uint8Array, o: TestWalletOptions): Promise<Record<string, string[]>> {
  const element = requestedElement(request);
  const doctype = o.doctype ?? (o.usePid ? PID_DOCTYPE : undefined);
  const deviceResponse = await createTestDeviceResponse({
    ...o,
    doctype,
    elements: o.elements ?? { [element]: true },
    sessionTranscript: transcript,
  });
  const id = o.usePid ? DCQL_IDS.pid : DCQL_IDS.ageVerification;
  return { [id]: [Buffer.from(deviceResponse).toString('base64url')] };
}

/**
 * Answers one `navigator.credentials.get` request entry of the `openid4vp-v1-signed` protocol: what the browser
 * resolves with is `{ protocol, data }`, and `data.response` is the JWE.
 */
export async function answerDcApiRequest(
  entry: { protocol: string; data: Record<string, unknown> },
  o: TestWalletOptions,
): Promise<{ protocol: string; data: { response: string } }> {
  if (entry.protocol !== DC_API_PROTOCOL) throw new Error(`test wallet: cannot answer protocol ${entry.protocol}`);
  const request = await readRequestObject(String(entry.data.request));
  if (request.response_mode !== 'dc_api.jwt') throw new Error(`test wallet: DC API request with response_mode ${request.response_mode}`);
  const origin = o.origin ?? (request.expected_origins as string[] | undefined)?.[0];
  if (!origin) throw new Error('test wallet: no origin');
  const transcript = dcApiSessionTranscript({ origin, nonce: o.nonce ?? request.nonce, jwkThumbprint: await responseKeyThumbprint(request) });
  const response = await sealResponse(request, { vp_token: await vpToken(request, transcript, o) });
  return { protocol: entry.protocol, data: { response } };
}

/** The form body a wallet posts to `response_uri` for a QR (`direct_post.jwt`) request. */
export async function answerQrRequest(requestObjectJwt: string, o: TestWalletOptions): Promise<{ request: WalletRequest; form: URLSearchParams }> {
  const request = await readRequestObject(requestObjectJwt);
  if (request.response_mode !== 'direct_post.jwt') throw new Error(`test wallet: QR request with response_mode ${request.response_mode}`);
  const transcript = redirectSessionTranscript({
    clientId: request.client_id,
    nonce: o.nonce ?? request.nonce,
    jwkThumbprint: await responseKeyThumbprint(request),
    responseUri: String(request.response_uri),
  });
  const response = await sealResponse(request, { vp_token: await vpToken(request, transcript, o), state: o.state ?? request.state });
  return { request, form: new URLSearchParams({ response }) };
}

/** The parameters of an `openid4vp://` deep link (what the QR code carries). */
export function parseDeepLink(link: string): { clientId: string; requestUri: string; requestUriMethod: string | null } {
  const url = new URL(link);
  if (url.protocol !== 'openid4vp:') throw new Error(`test wallet: not an openid4vp link: ${url.protocol}`);
  const clientId = url.searchParams.get('client_id');
  const requestUri = url.searchParams.get('request_uri');
  if (!clientId || !requestUri) throw new Error('test wallet: the link lacks client_id or request_uri');
  return { clientId, requestUri, requestUriMethod: url.searchParams.get('request_uri_method') };
}

/**
 * The whole cross-device wallet over HTTP: reads the deep link, POSTs to request_uri (with a wallet_nonce),
 * checks the client_id matches the link, answers response_uri. Returns the HTTP answer of response_uri.
 */
export async function presentOverQr(
  deepLink: string,
  o: TestWalletOptions & { decline?: boolean },
  fetchImpl: typeof fetch = fetch,
): Promise<{ status: number; body: unknown; request: WalletRequest }> {
  const link = parseDeepLink(deepLink);
  const fetched = await fetchImpl(link.requestUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/oauth-authz-req+jwt' },
    body: new URLSearchParams({ wallet_nonce: 'test-wallet-nonce' }).toString(),
  });
  if (fetched.status !== 200) throw new Error(`test wallet: request_uri answered ${fetched.status}: ${await fetched.text()}`);
  const jwt = await fetched.text();
  const { request, form } = o.decline
    ? { request: await readRequestObject(jwt), form: new URLSearchParams({ error: 'access_denied', error_description: 'user declined' }) }
    : await answerQrRequest(jwt, o);
  if (request.client_id !== link.clientId) throw new Error('test wallet: the request object names another client_id than the link');
  if (o.decline) form.set('state', String(request.state));
  const answered = await fetchImpl(String(request.response_uri), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const text = await answered.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the test's message
  }
  return { status: answered.status, body, request };
}
