import { describe, expect, it } from 'vitest';
import { validateInitRequest, type RawInitRequest } from './init-request.ts';

const base: RawInitRequest = { callbackUrl: 'https://shop.example/cb', minAge: 18 };
const ok = (raw: RawInitRequest, allowHttpLocalhost = true) => validateInitRequest({ ...base, ...raw }, { allowHttpLocalhost });
const code = (raw: RawInitRequest, allowHttpLocalhost = true) => {
  try {
    ok(raw, allowHttpLocalhost);
    return 'OK';
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('init validation rules of spec §2.1', () => {
  it('applies the defaults: auto mode, age_verification, report policy, browser locale', () => {
    expect(ok({})).toMatchObject({
      verificationMode: 'auto',
      purpose: 'age_verification',
      mismatchPolicy: 'report',
      locale: null,
      theme: null,
      userId: null,
      expected: null,
    });
  });

  it.each([
    ['https://a.example/x?y=1', 'OK'],
    ['http://localhost/cb', 'OK'],
    ['http://localhost:3000/cb', 'OK'],
    ['http://shop.example/cb', 'INVALID_CALLBACK_URL'],
    ['http://127.0.0.1:3000/cb', 'INVALID_CALLBACK_URL'],
    ['ftp://a.example', 'INVALID_CALLBACK_URL'],
    ['javascript:alert(1)', 'INVALID_CALLBACK_URL'],
    ['not a url', 'INVALID_CALLBACK_URL'],
    ['https://user:pw@a.example/', 'INVALID_CALLBACK_URL'],
    ['', 'INVALID_CALLBACK_URL'],
  ])('callback_url %s → %s', (url, expected) => expect(code({ callbackUrl: url })).toBe(expected));

  it('refuses http://localhost when development callbacks are off (production)', () => {
    expect(code({ callbackUrl: 'http://localhost:3000/cb' }, false)).toBe('INVALID_CALLBACK_URL');
  });

  it.each([
    [{ minAge: 1 }, 'OK'],
    [{ minAge: 99 }, 'OK'],
    [{ minAge: 0 }, 'INVALID_MIN_AGE'],
    [{ minAge: 100 }, 'INVALID_MIN_AGE'],
    [{ minAge: 17.5 }, 'INVALID_MIN_AGE'],
    [{ minAge: -1 }, 'INVALID_MIN_AGE'],
    [{ minAge: undefined }, 'INVALID_MIN_AGE'],
    [{ minAge: 0, purpose: 'id_verification' }, 'OK'],
    [{ minAge: undefined, purpose: 'id_verification' }, 'OK'],
    [{ minAge: 100, purpose: 'id_verification' }, 'INVALID_MIN_AGE'],
  ] as [RawInitRequest, string][])('min_age %j → %s', (raw, expected) => expect(code(raw)).toBe(expected));

  it.each(['auto', 'document', 'facial'])('verification_mode %s is accepted', (m) => expect(code({ verificationMode: m })).toBe('OK'));
  it.each(['AUTO', 'doc', '', 'face', 'auto '])('verification_mode %j → INVALID_VERIFICATION_MODE, no fallback', (m) => {
    expect(code({ verificationMode: m })).toBe('INVALID_VERIFICATION_MODE');
  });

  it('refuses facial mode for id_verification (a document is forced, facial never uses one): INVALID_VERIFICATION_MODE', () => {
    expect(code({ purpose: 'id_verification', verificationMode: 'facial', minAge: undefined })).toBe('INVALID_VERIFICATION_MODE');
    expect(code({ purpose: 'id_verification', verificationMode: 'document', minAge: undefined })).toBe('OK');
    expect(code({ purpose: 'id_verification', verificationMode: 'auto', minAge: undefined })).toBe('OK');
  });

  it('needs a document for expected: EXPECTED_REQUIRES_DOCUMENT otherwise', () => {
    expect(code({ expected: { first_name: 'Anna' } })).toBe('EXPECTED_REQUIRES_DOCUMENT');
    expect(code({ expected: { first_name: 'Anna' }, verificationMode: 'facial' })).toBe('EXPECTED_REQUIRES_DOCUMENT');
    expect(code({ expected: { first_name: 'Anna' }, verificationMode: 'document' })).toBe('OK');
    expect(code({ expected: { first_name: 'Anna' }, purpose: 'id_verification' })).toBe('OK');
  });

  it('validates expected fields: real dates, alpha-2 nationality, non-empty strings', () => {
    const doc = { verificationMode: 'document' };
    expect(code({ ...doc, expected: { date_of_birth: '1990-02-30' } })).toBe('REQUEST_INVALID');
    expect(code({ ...doc, expected: { date_of_birth: '1990-2-3' } })).toBe('REQUEST_INVALID');
    expect(code({ ...doc, expected: { nationality: 'FRA' } })).toBe('REQUEST_INVALID');
    expect(code({ ...doc, expected: { last_name: '  ' } })).toBe('REQUEST_INVALID');
    expect(ok({ ...doc, expected: { nationality: 'fr', date_of_birth: '2000-02-29' } }).expected).toEqual({ nationality: 'FR', date_of_birth: '2000-02-29' });
  });

  it('accepts expected.date_of_birth in every format the data match reads, stored as YYYY-MM-DD; ambiguous slashes refused', () => {
    const doc = { verificationMode: 'document' };
    for (const given of ['1974-08-12', '19740812', '1974/08/12', '12.08.1974']) {
      expect(ok({ ...doc, expected: { date_of_birth: given } }).expected, given).toEqual({ date_of_birth: '1974-08-12' });
    }
    for (const bad of ['08/12/1974', '12/08/1974', '31.02.1990', '1990-13-01', '12.8.1974']) {
      expect(code({ ...doc, expected: { date_of_birth: bad } }), bad).toBe('REQUEST_INVALID');
    }
  });

  it('validates mismatch_policy, purpose and theme and normalises locale', () => {
    expect(code({ mismatchPolicy: 'ignore' })).toBe('REQUEST_INVALID');
    expect(code({ purpose: 'kyc' })).toBe('REQUEST_INVALID');
    expect(code({ theme: 'blue' })).toBe('REQUEST_INVALID');
    expect(ok({ locale: 'pt-br', theme: 'dark', mismatchPolicy: 'review', userId: 'u-1' })).toMatchObject({
      locale: 'pt-BR',
      theme: 'dark',
      mismatchPolicy: 'review',
      userId: 'u-1',
    });
  });
});
