import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { LOCALES } from './locales/index.ts';
import {
  carriedRequests,
  credentialBody,
  firstChannel,
  hasDcApi,
  looksLikePhone,
  problemActions,
  problemForCode,
  problemForRejection,
  problemMessage,
} from './wallet-step.ts';

describe('wallet step', () => {
  it('names the problem of each wallet code core gives; anything else is the generic failure', () => {
    expect(problemForCode('WALLET_DECLINED')).toBe('declined');
    expect(problemForCode('WALLET_ISSUER_UNTRUSTED')).toBe('untrusted');
    expect(problemForCode('WALLET_ISSUER_WITHDRAWN')).toBe('untrusted');
    expect(problemForCode('WALLET_TRUST_LIST_STALE')).toBe('trust_unavailable');
    expect(problemForCode('WALLET_TRUST_LIST_UNAVAILABLE')).toBe('trust_unavailable');
    expect(problemForCode('WALLET_AGE_NOT_PROVEN')).toBe('age_not_proven');
    expect(problemForCode('WALLET_TRANSACTION_EXPIRED')).toBe('expired');
    for (const code of ['WALLET_NONCE_MISMATCH', 'WALLET_DIGEST_MISMATCH', 'RATE_LIMITED', 'SOMETHING_NEW', undefined])
      expect(problemForCode(code)).toBe('failed');
  });

  it('a closed or refused wallet sheet is "declined"; any other rejection means no wallet to ask', () => {
    expect(problemForRejection(new DOMException('x', 'NotAllowedError'))).toBe('declined');
    expect(problemForRejection(new DOMException('x', 'AbortError'))).toBe('declined');
    expect(problemForRejection(new DOMException('x', 'NotSupportedError'))).toBe('no_wallet');
    expect(problemForRejection(new TypeError('digital'))).toBe('no_wallet');
    expect(problemForRejection(null)).toBe('no_wallet');
  });

  it('says the untrusted and unavailable cases apart, in every locale', () => {
    const en = translator('en');
    expect(en.t(problemMessage('declined').heading)).toBe('You declined in your wallet');
    expect(en.t(problemMessage('untrusted').heading)).toBe('This wallet is not trusted');
    expect(en.t(problemMessage('trust_unavailable').heading)).toMatch(/can’t be checked right now/);
    expect(en.t(problemMessage('expired').heading)).toBe('This code has expired');
    const problems = ['declined', 'no_wallet', 'untrusted', 'trust_unavailable', 'age_not_proven', 'expired', 'failed'] as const;
    for (const locale of Object.keys(LOCALES)) {
      const t = translator(locale);
      const headings = new Set(problems.map((p) => t.t(problemMessage(p).heading)));
      expect(headings.size, locale).toBe(problems.length);
    }
  });

  it('leads with "Verify another way" where the same wallet cannot help, with a new code when one lapsed', () => {
    expect(problemActions('declined', true)).toEqual(['retry', 'use_qr', 'other_way']);
    expect(problemActions('declined', false)).toEqual(['retry', 'other_way']);
    expect(problemActions('failed', false)).toEqual(['retry', 'other_way']);
    expect(problemActions('trust_unavailable', true)).toEqual(['retry', 'use_qr', 'other_way']);
    expect(problemActions('untrusted', true)).toEqual(['other_way', 'retry']);
    expect(problemActions('age_not_proven', false)).toEqual(['other_way', 'retry']);
    expect(problemActions('no_wallet', true)).toEqual(['other_way', 'use_qr']);
    expect(problemActions('no_wallet', false)).toEqual(['other_way']);
    expect(problemActions('expired', true)).toEqual(['new_code', 'other_way']);
  });

  it('uses the Digital Credentials API only where the browser has it (and carries the signed OpenID4VP protocol)', () => {
    const get = () => Promise.resolve(null);
    expect(hasDcApi({ navigator: { credentials: { get } } })).toBe(false);
    expect(hasDcApi({ DigitalCredential: class {}, navigator: {} })).toBe(false);
    expect(hasDcApi({ DigitalCredential: class {}, navigator: { credentials: { get } } })).toBe(true);
    const allowing = (...protocols: string[]) => Object.assign(class {}, { userAgentAllowsProtocol: (p: string) => protocols.includes(p) });
    expect(hasDcApi({ DigitalCredential: allowing('openid4vp-v1-signed'), navigator: { credentials: { get } } })).toBe(true);
    expect(hasDcApi({ DigitalCredential: allowing('org-iso-mdoc'), navigator: { credentials: { get } } })).toBe(true);
    expect(hasDcApi({ DigitalCredential: allowing('openid4vp-v1-unsigned'), navigator: { credentials: { get } } })).toBe(false);
    expect(hasDcApi(globalThis)).toBe(false); // Node has neither
  });

  it('opens with the browser wallet where there is one, else (or on request) the QR code; the link only on a phone', () => {
    expect(firstChannel(true)).toBe('dc_api');
    expect(firstChannel(true, true)).toBe('qr');
    expect(firstChannel(false)).toBe('qr');
    expect(looksLikePhone({ coarsePointer: true, viewportWidth: 1280 })).toBe(true);
    expect(looksLikePhone({ coarsePointer: false, viewportWidth: 390 })).toBe(true);
    expect(looksLikePhone({ coarsePointer: false, viewportWidth: 1280 })).toBe(false);
  });

  it('posts the credential as { protocol, data }, data an object also where the browser gave a JSON string', () => {
    expect(credentialBody({ protocol: 'openid4vp-v1-signed', data: { response: 'eyJ' }, type: 'digital' })).toEqual({
      protocol: 'openid4vp-v1-signed',
      data: { response: 'eyJ' },
    });
    expect(credentialBody({ protocol: 'openid4vp-v1-signed', data: '{"response":"eyJ"}' })).toEqual({
      protocol: 'openid4vp-v1-signed',
      data: { response: 'eyJ' },
    });
    expect(() => credentialBody(null)).toThrow();
    expect(() => credentialBody({ data: {} })).toThrow();
  });

  it("hands the browser only the requests whose protocol it carries, in core's order; all where it cannot say", () => {
    const requests = [
      { protocol: 'openid4vp-v1-signed', data: { request: 'a' } },
      { protocol: 'org-iso-mdoc', data: { deviceRequest: 'b' } },
    ];
    expect(carriedRequests(requests)).toEqual(requests);
    expect(carriedRequests(requests, (p) => p === 'org-iso-mdoc')).toEqual([requests[1]]);
    expect(carriedRequests(requests, () => false)).toEqual([]);
  });
});
