// A test wallet that speaks OpenID4VP 1.0 on the wire as a real one does: it verifies the signed request
// object against its x5c leaf and x509_hash client_id, builds a DeviceResponse from the test issuer over the
// session transcript it computes itself, and encrypts the answer to the verifier's ephemeral key. Every way a
// presentation can be wrong is one option, so end-to-end tests (HTTP, browser) can drive the negative matrix.
// Test-only: nothing here is used by the service.
import { createHash, X509Certificate } from 'node:crypto';
import { decode, encode, Tag } from 'cbor2';
import { CompactEncrypt, calculateJwkThumbprint, decodeProtectedHeader, importJWK, importX509, jwtVerify, type JWK } from 'jose';
import { ISO_MDOC_PROTOCOL } from '../annex-c/annex-c.ts';
import { hpkeSeal, rawPublicKeyOfCoseKey } from '../annex-c/hpke.ts';
import { AGE_VERIFICATION_DOCTYPE, PID_DOCTYPE } from '../contracts.ts';
import { DCQL_IDS } from '../dcql-query.ts';
import { dcApiSessionTranscript, isoDcApiSessionTranscript, redirectSessionTranscript } from '../mdoc/session-transcript.ts';
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
  /**
   * Sign the transcript over another nonce than the request's. Annex C: the device signs a transcript over the
   * EncryptionInfo with this nonce while the HPKE encryption still uses the request's (a mis-bound signature).
   */
  readonly nonce?: string;
  /**
   * DC API: the origin the platform asserts to the wallet (default the request's expected_origins[0]). Required
   * for `org-iso-mdoc`, whose request names no origin (a browser test passes `location.origin`).
   */
  readonly origin?: string;
  /** DC API: which offered protocol the wallet answers (default the first one it speaks). */
  readonly preferProtocol?: typeof DC_API_PROTOCOL | typeof ISO_MDOC_PROTOCOL;
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

/** The protocols the test wallet speaks over the DC API. */
export const TEST_WALLET_PROTOCOLS: readonly string[] = [DC_API_PROTOCOL, ISO_MDOC_PROTOCOL];

/**
 * What `navigator.credentials.get({ digital: { requests } })` resolves with when the test wallet is the one the
 * user picks: it answers `o.preferProtocol` if offered, else the first entry it speaks (as a platform would).
 */
export async function answerDcApi(
  requests: readonly { protocol: string; data: Record<string, unknown> }[],
  o: TestWalletOptions,
): Promise<{ protocol: string; data: { response: string } }> {
  const entry = o.preferProtocol ? requests.find((r) => r.protocol === o.preferProtocol) : requests.find((r) => TEST_WALLET_PROTOCOLS.includes(r.protocol));
  if (!entry) throw new Error(`test wallet: no request of ${o.preferProtocol ?? TEST_WALLET_PROTOCOLS.join(' or ')} offered`);
  return answerDcApiRequest(entry, o);
}

/**
 * Answers one `navigator.credentials.get` request entry, of `openid4vp-v1-signed` (`data.response` is the JWE)
 * or of `org-iso-mdoc` (`data.response` is the HPKE-encrypted DeviceResponse): what the browser resolves with is
 * `{ protocol, data }`.
 */
export async function answerDcApiRequest(
  entry: { protocol: string; data: Record<string, unknown> },
  o: TestWalletOptions,
): Promise<{ protocol: string; data: { response: string } }> {
  if (entry.protocol === ISO_MDOC_PROTOCOL) return answerIsoMdocRequest(entry.data, o);
  if (entry.protocol !== DC_API_PROTOCOL) throw new Error(`test wallet: cannot answer protocol ${entry.protocol}`);
  const request = await readRequestObject(String(entry.data.request));
  if (request.response_mode !== 'dc_api.jwt') throw new Error(`test wallet: DC API request with response_mode ${request.response_mode}`);
  const origin = o.origin ?? (request.expected_origins as string[] | undefined)?.[0];
  if (!origin) throw new Error('test wallet: no origin');
  const transcript = dcApiSessionTranscript({ origin, nonce: o.nonce ?? request.nonce, jwkThumbprint: await responseKeyThumbprint(request) });
  const response = await sealResponse(request, { vp_token: await vpToken(request, transcript, o) });
  return { protocol: entry.protocol, data: { response } };
}

/** A DeviceRequest as the wallet reads it: per doctype, the elements asked and their intentToRetain. */
export function readDeviceRequest(b64: string): { version: string; docRequests: { doctype: string; elements: Map<string, unknown>; readerAuth: boolean }[] } {
  const request = decode(new Uint8Array(Buffer.from(b64, 'base64url')), { preferMap: true }) as Map<string, unknown>;
  const docRequests = (request.get('docRequests') as Map<string, unknown>[]).map((docRequest) => {
    const tag = docRequest.get('itemsRequest');
    if (!(tag instanceof Tag) || tag.tag !== 24) throw new Error('test wallet: ItemsRequest is not tag-24 CBOR');
    const items = decode(tag.contents as Uint8Array, { preferMap: true }) as Map<string, unknown>;
    const doctype = String(items.get('docType'));
    const elements = (items.get('nameSpaces') as Map<string, Map<string, unknown>>).get(doctype) ?? new Map<string, unknown>();
    return { doctype, elements, readerAuth: docRequest.has('readerAuth') };
  });
  return { version: String(request.get('version')), docRequests };
}

/** EncryptionInfo `["dcapi", { nonce, recipientPublicKey }]` as the wallet reads it. */
export function readEncryptionInfo(b64: string): { nonce: Uint8Array; recipientPublicKey: Map<number, unknown> } {
  const info = decode(new Uint8Array(Buffer.from(b64, 'base64url')), { preferMap: true }) as unknown[];
  const params = info[1] as Map<string, unknown>;
  if (info[0] !== 'dcapi' || !(params.get('nonce') instanceof Uint8Array)) throw new Error('test wallet: EncryptionInfo is not ["dcapi", {...}]');
  return { nonce: params.get('nonce') as Uint8Array, recipientPublicKey: params.get('recipientPublicKey') as Map<number, unknown> };
}

/** ISO/IEC 18013-7 Annex C: a DeviceResponse over the `dcapi` transcript, HPKE-sealed to the request's key. */
async function answerIsoMdocRequest(data: Record<string, unknown>, o: TestWalletOptions): Promise<{ protocol: string; data: { response: string } }> {
  if (!o.origin) throw new Error('test wallet: an org-iso-mdoc request names no origin; pass the page origin');
  const request = readDeviceRequest(String(data.deviceRequest));
  const doctype = o.doctype ?? (o.usePid ? PID_DOCTYPE : AGE_VERIFICATION_DOCTYPE);
  const asked = request.docRequests.find((r) => r.doctype === doctype) ?? request.docRequests[0];
  const element = asked ? [...asked.elements.keys()][0] : undefined;
  if (!element) throw new Error('test wallet: the DeviceRequest names no element');
  const encryptionInfo = String(data.encryptionInfo);
  const { recipientPublicKey } = readEncryptionInfo(encryptionInfo);
  const recipient = rawPublicKeyOfCoseKey(recipientPublicKey);
  if (!recipient) throw new Error('test wallet: recipientPublicKey is not a P-256 COSE_Key');
  const infoBytes = new Uint8Array(Buffer.from(encryptionInfo, 'base64url'));
  const transcript = isoDcApiSessionTranscript({ encryptionInfo: infoBytes, origin: o.origin });
  const signedTranscript =
    o.nonce === undefined
      ? transcript
      : isoDcApiSessionTranscript({
          encryptionInfo: new Uint8Array(
            encode([
              'dcapi',
              new Map<string, unknown>([
                ['nonce', new TextEncoder().encode(o.nonce)],
                ['recipientPublicKey', recipientPublicKey],
              ]),
            ]),
          ),
          origin: o.origin,
        });
  const deviceResponse = await createTestDeviceResponse({ ...o, doctype, elements: o.elements ?? { [element]: true }, sessionTranscript: signedTranscript });
  const { enc, cipherText } = await hpkeSeal(recipient, transcript, deviceResponse);
  const response = Buffer.from(
    encode([
      'dcapi',
      new Map<string, unknown>([
        ['enc', enc],
        ['cipherText', cipherText],
      ]),
    ]),
  ).toString('base64url');
  return { protocol: ISO_MDOC_PROTOCOL, data: { response } };
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
