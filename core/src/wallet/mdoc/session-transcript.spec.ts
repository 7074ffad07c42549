import { calculateJwkThumbprint } from 'jose';
import { describe, expect, it } from 'vitest';
import { dcApiHandoverInfo, dcApiSessionTranscript, isoDcApiSessionTranscript, redirectHandoverInfo, redirectSessionTranscript } from './session-transcript.ts';

// The worked examples of OpenID4VP 1.0 Appendix B.2.6.1 and B.2.6.2 (openid/OpenID4VP, 1.0 text).
const exampleJwk = {
  kty: 'EC',
  crv: 'P-256',
  x: 'DxiH5Q4Yx3UrukE2lWCErq8N8bqC9CHLLrAwLz5BmE0',
  y: 'XtLM4-3h5o3HUH0MHVJV0kyq0iBlrBwlh8qEDMZ4-Pc',
  use: 'enc',
  alg: 'ECDH-ES',
  kid: '1',
};
const nonce = 'exc7gBkxjx1rdc9udRrveKvSsJIq80avlXeLHhGwqtA';
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const thumbprint = async () => new Uint8Array(Buffer.from(await calculateJwkThumbprint(exampleJwk, 'sha256'), 'base64url'));

describe('session transcripts', () => {
  it('matches the OpenID4VPHandover example of OpenID4VP 1.0 B.2.6.1', async () => {
    const input = { clientId: 'x509_san_dns:example.com', nonce, jwkThumbprint: await thumbprint(), responseUri: 'https://example.com/response' };
    expect(hex(redirectHandoverInfo(input))).toBe(
      '847818783530395f73616e5f646e733a6578616d706c652e636f6d782b6578633767426b786a7831726463397564527276654b7653734a4971383061766c58654c4868477771744158204283ec927ae0f208daaa2d026a814f2b22dca52cf85ffa8f3f8626c6bd669047781c68747470733a2f2f6578616d706c652e636f6d2f726573706f6e7365',
    );
    expect(hex(redirectSessionTranscript(input))).toBe(
      '83f6f682714f70656e494434565048616e646f7665725820048bc053c00442af9b8eed494cefdd9d95240d254b046b11b68013722aad38ac',
    );
  });

  it('matches the OpenID4VPDCAPIHandover example of OpenID4VP 1.0 B.2.6.2', async () => {
    const input = { origin: 'https://example.com', nonce, jwkThumbprint: await thumbprint() };
    expect(hex(dcApiHandoverInfo(input))).toBe(
      '837368747470733a2f2f6578616d706c652e636f6d782b6578633767426b786a7831726463397564527276654b7653734a4971383061766c58654c4868477771744158204283ec927ae0f208daaa2d026a814f2b22dca52cf85ffa8f3f8626c6bd669047',
    );
    expect(hex(dcApiSessionTranscript(input))).toBe(
      '83f6f682764f70656e4944345650444341504948616e646f7665725820fbece366f4212f9762c74cfdbf83b8c69e371d5d68cea09cb4c48ca6daab761a',
    );
  });

  it('encodes an absent thumbprint as null, and an empty one the same way', () => {
    const none = dcApiSessionTranscript({ origin: 'https://example.com', nonce, jwkThumbprint: null });
    expect(hex(dcApiHandoverInfo({ origin: 'https://example.com', nonce, jwkThumbprint: null })).endsWith('f6')).toBe(true);
    expect(dcApiSessionTranscript({ origin: 'https://example.com', nonce, jwkThumbprint: new Uint8Array() })).toEqual(none);
  });

  it('builds the 18013-7 Annex C dcapi handover over base64url(EncryptionInfo) and the origin', () => {
    const a = isoDcApiSessionTranscript({ encryptionInfo: new Uint8Array([0x82, 0x65]), origin: 'https://example.com' });
    const b = isoDcApiSessionTranscript({ encryptionInfo: new Uint8Array([0x82, 0x65]), origin: 'https://other.example' });
    expect(hex(a).startsWith('83f6f682656463617069' + '5820')).toBe(true);
    expect(a).not.toEqual(b);
  });
});
