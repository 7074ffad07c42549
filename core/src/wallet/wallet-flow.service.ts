// Path E's flow: a widget session opens a wallet transaction, the wallet answers it once — through the
// browser's Digital Credentials API or by posting to our response_uri — and the answer is decrypted, bound
// to the transaction by the session transcript and handed to the DeviceResponse verifier. Only the verdict
// survives the transaction (RELIABILITY C-VP-3, C-VP-4).
import { appError, isAppError, type AgeGate } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import { annexCRequest, createAnnexCKeys, ISO_MDOC_PROTOCOL, openAnnexCResponse } from './annex-c/annex-c.ts';
import type { DeviceResponseVerdict, IssuerTrust, VerifyDeviceResponse } from './contracts.ts';
import { ageOverQuery, WALLET_DOCTYPES, walletAgeGate } from './dcql-query.ts';
import { DC_API_PROTOCOL, ephemeralResponseKey, responseKeyThumbprint, signRequestObject, walletDeepLink } from './request-object.ts';
import { WalletTransactionStore, type WalletChannel, type WalletTransaction, type WalletTransactionStatus } from './transaction-store.ts';
import type { VerifierIdentity } from './verifier-identity.ts';
import { openResponse } from './wallet-response.ts';

/** The session transcripts of the two OpenID4VP handovers (wallet/mdoc/session-transcript.ts implements them). */
export interface WalletTranscripts {
  redirect(input: { clientId: string; nonce: string; jwkThumbprint: Uint8Array | null; responseUri: string }): Uint8Array;
  dcApi(input: { origin: string; nonce: string; jwkThumbprint: Uint8Array | null }): Uint8Array;
}

/** Where a finished presentation goes: the widget session records the verdict (and nothing of the credential). */
export interface WalletOutcomeSink {
  passed(tx: WalletTransaction, verdict: DeviceResponseVerdict): Promise<void>;
  failed(tx: WalletTransaction, code: string): Promise<void>;
}

export interface WalletFlowDeps {
  readonly kv: KeyValueStore;
  readonly identity: VerifierIdentity;
  readonly trust: IssuerTrust;
  readonly verify: VerifyDeviceResponse;
  readonly transcripts: WalletTranscripts;
  readonly sink: WalletOutcomeSink;
  /** Public base URL of the gateway's wallet endpoints, e.g. `https://id.example/v1/wallet`. */
  readonly walletBaseUrl: string;
  readonly transactionTtlMs: number;
  readonly clockSkewMs: number;
  readonly now?: () => number;
}

export type WalletStart =
  | { transactionId: string; channel: 'dc_api'; expiresAtMs: number; dcApiRequests: DcApiRequest[] }
  | { transactionId: string; channel: 'direct_post'; expiresAtMs: number; requestUri: string; deepLink: string };

/** One entry of `navigator.credentials.get({ digital: { requests } })`: a protocol and its request data. */
export interface DcApiRequest {
  readonly protocol: string;
  readonly data: Record<string, unknown>;
}

export class WalletFlowService {
  private readonly store: WalletTransactionStore;
  private readonly now: () => number;
  private readonly deps: WalletFlowDeps;

  constructor(deps: WalletFlowDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.store = new WalletTransactionStore(deps.kv, deps.transactionTtlMs, this.now);
  }

  requestUri(id: string): string {
    return `${this.deps.walletBaseUrl}/request/${id}`;
  }

  responseUri(id: string): string {
    return `${this.deps.walletBaseUrl}/response/${id}`;
  }

  /** Opens a transaction for a widget session. `origin` is required for the DC API channel. */
  async start(input: { tenantId: string; sessionId: string; minAge: number | null; channel: WalletChannel; origin?: string }): Promise<WalletStart> {
    const gate = walletAgeGate(input.minAge);
    if (input.channel === 'dc_api' && !input.origin) throw appError('WALLET_ORIGIN_MISMATCH', { message: 'A DC API request needs the page origin.' });
    const tx = await this.store.create({
      tenantId: input.tenantId,
      sessionId: input.sessionId,
      channel: input.channel,
      gate,
      origin: input.channel === 'dc_api' ? input.origin : undefined,
      responseKey: await ephemeralResponseKey(),
      annexC: input.channel === 'dc_api' ? await createAnnexCKeys() : undefined,
    });
    if (tx.channel === 'dc_api') {
      const request = await signRequestObject({ tx, identity: this.deps.identity, dcql: ageOverQuery(gate), nowMs: this.now() });
      const dcApiRequests = [{ protocol: DC_API_PROTOCOL, data: { request } }, annexCRequest(tx.annexC!, gate, WALLET_DOCTYPES)];
      return { transactionId: tx.id, channel: 'dc_api', expiresAtMs: tx.expiresAtMs, dcApiRequests };
    }
    const requestUri = this.requestUri(tx.id);
    return {
      transactionId: tx.id,
      channel: 'direct_post',
      expiresAtMs: tx.expiresAtMs,
      requestUri,
      deepLink: walletDeepLink(this.deps.identity.clientId, requestUri),
    };
  }

  /** The request object a wallet fetches from request_uri (QR channel only). */
  async requestObject(id: string, walletNonce?: string): Promise<string> {
    const tx = await this.store.load(id);
    if (tx.channel !== 'direct_post') throw appError('WALLET_RESPONSE_MODE_MISMATCH');
    return signRequestObject({
      tx,
      identity: this.deps.identity,
      dcql: ageOverQuery(tx.gate),
      responseUri: this.responseUri(tx.id),
      walletNonce,
      nowMs: this.now(),
    });
  }

  /** The wallet's POST to response_uri (`direct_post.jwt`): `response` is the JWE. */
  async acceptDirectPost(id: string, response: unknown): Promise<{ passed: boolean; code?: string }> {
    const tx = await this.store.load(id);
    if (tx.channel !== 'direct_post') throw appError('WALLET_RESPONSE_MODE_MISMATCH');
    return this.answer(tx, async () => {
      const opened = await openResponse(response, tx.responseKey);
      if (opened.state !== tx.id) throw appError('WALLET_NONCE_MISMATCH', { message: 'The response carries another state.' });
      const jwkThumbprint = await responseKeyThumbprint(tx.responseKey);
      const transcript = this.deps.transcripts.redirect({
        clientId: this.deps.identity.clientId,
        nonce: tx.nonce,
        jwkThumbprint,
        responseUri: this.responseUri(tx.id),
      });
      return { ...opened, transcript };
    });
  }

  /**
   * The widget's post of what navigator.credentials.get answered. `origin` is the page origin the gateway saw;
   * the transcript is computed over the origin the transaction was made for, so a response a wallet built for
   * another origin fails the device signature even if the post came from ours. An `org-iso-mdoc` answer (18013-7
   * Annex C) is decrypted by annex-c/annex-c.ts over the same origin and goes to the same verifier.
   */
  async acceptDcApi(input: {
    tenantId: string;
    sessionId: string;
    transactionId: string;
    origin: string;
    protocol: string;
    data: unknown;
  }): Promise<{ passed: boolean; code?: string }> {
    const tx = await this.store.loadFor(input.transactionId, input.tenantId, input.sessionId);
    const annexC = input.protocol === ISO_MDOC_PROTOCOL ? tx.annexC : undefined;
    if (tx.channel !== 'dc_api' || (input.protocol !== DC_API_PROTOCOL && !annexC)) throw appError('WALLET_RESPONSE_MODE_MISMATCH');
    if (input.origin !== tx.origin) throw appError('WALLET_ORIGIN_MISMATCH');
    if (annexC) {
      return this.answer(tx, () => openAnnexCResponse({ data: input.data, keys: annexC, origin: tx.origin!, acceptedDoctypes: WALLET_DOCTYPES }));
    }
    const data = input.data as { response?: unknown } | null;
    return this.answer(tx, async () => {
      const opened = await openResponse(data?.response, tx.responseKey);
      const jwkThumbprint = await responseKeyThumbprint(tx.responseKey);
      return { ...opened, transcript: this.deps.transcripts.dcApi({ origin: tx.origin!, nonce: tx.nonce, jwkThumbprint }) };
    });
  }

  async status(input: { tenantId: string; sessionId: string; transactionId: string }): Promise<WalletTransactionStatus> {
    return this.store.status(input.transactionId, input.tenantId, input.sessionId);
  }

  /** Claims the transaction, verifies, records the verdict and drops the nonce and key, whatever the outcome. */
  private async answer(
    tx: WalletTransaction,
    open: () => Promise<{ deviceResponse: Uint8Array; transcript: Uint8Array }>,
  ): Promise<{ passed: boolean; code?: string }> {
    await this.store.claim(tx);
    try {
      const { deviceResponse, transcript } = await open();
      const verdict = await this.deps.verify({
        deviceResponse,
        sessionTranscript: transcript,
        acceptedDoctypes: WALLET_DOCTYPES,
        ageOver: tx.gate as AgeGate,
        trust: this.deps.trust,
        now: new Date(this.now()),
        clockSkewMs: this.deps.clockSkewMs,
      });
      if (verdict.ageOver < tx.gate) throw appError('WALLET_AGE_NOT_PROVEN');
      await this.store.finish(tx, { passed: true });
      await this.deps.sink.passed(tx, verdict);
      return { passed: true };
    } catch (err) {
      const code = isAppError(err) ? err.code : 'WALLET_RESPONSE_INVALID';
      await this.store.finish(tx, { passed: false, code });
      await this.deps.sink.failed(tx, code);
      if (isAppError(err)) throw err;
      throw appError('WALLET_RESPONSE_INVALID', { cause: err });
    }
  }
}
