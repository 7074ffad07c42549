// Opens an encrypted OpenID4VP response: the JWE must be ECDH-ES + A128GCM to this transaction's key, and its
// vp_token must answer exactly one of the offered credential queries with one DeviceResponse.
import { compactDecrypt, importJWK, type JWK } from 'jose';
import { appError, isAppError } from '@idgate/protos';
import { DCQL_IDS, WALLET_DOCTYPES } from './dcql-query.ts';
import { RESPONSE_ALG, RESPONSE_ENC } from './request-object.ts';

export interface OpenedResponse {
  readonly deviceResponse: Uint8Array;
  /** The doctype of the credential query the wallet answered. */
  readonly doctype: string;
  /** The `state` the wallet echoed (QR channel), or undefined. */
  readonly state: string | undefined;
}

const DOCTYPE_OF: Record<string, string> = { [DCQL_IDS.ageVerification]: WALLET_DOCTYPES[0], [DCQL_IDS.pid]: WALLET_DOCTYPES[1] };

export async function openResponse(jwe: unknown, responseKey: JWK): Promise<OpenedResponse> {
  if (typeof jwe !== 'string' || jwe.split('.').length !== 5) throw appError('WALLET_RESPONSE_INVALID', { message: 'The response is not a compact JWE.' });
  let payload: Record<string, unknown>;
  try {
    const key = await importJWK(responseKey, RESPONSE_ALG);
    const { plaintext, protectedHeader } = await compactDecrypt(jwe, key, {
      keyManagementAlgorithms: [RESPONSE_ALG],
      contentEncryptionAlgorithms: [RESPONSE_ENC],
    });
    if (protectedHeader.kid !== undefined && protectedHeader.kid !== responseKey.kid) throw new Error('kid');
    payload = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
  } catch (cause) {
    throw appError('WALLET_RESPONSE_INVALID', { message: 'The response could not be decrypted with this transaction key.', cause });
  }
  if (typeof payload.error === 'string') {
    throw appError(payload.error === 'access_denied' ? 'WALLET_DECLINED' : 'WALLET_RESPONSE_INVALID', { details: { walletError: payload.error.slice(0, 64) } });
  }
  return { ...pickDeviceResponse(payload.vp_token), state: typeof payload.state === 'string' ? payload.state : undefined };
}

/** vp_token is `{ <credential query id>: [<base64url DeviceResponse>] }` (OpenID4VP 1.0 §8.1). */
export function pickDeviceResponse(vpToken: unknown): { deviceResponse: Uint8Array; doctype: string } {
  try {
    if (!vpToken || typeof vpToken !== 'object' || Array.isArray(vpToken)) throw new Error('shape');
    const answered = Object.entries(vpToken as Record<string, unknown>);
    if (answered.length !== 1) throw new Error('count');
    const [id, presentations] = answered[0]!;
    const doctype = DOCTYPE_OF[id];
    if (!doctype || !Array.isArray(presentations) || presentations.length !== 1 || typeof presentations[0] !== 'string') throw new Error('entry');
    const deviceResponse = new Uint8Array(Buffer.from(presentations[0], 'base64url'));
    if (deviceResponse.length === 0) throw new Error('empty');
    return { deviceResponse, doctype };
  } catch (cause) {
    if (isAppError(cause)) throw cause;
    throw appError('WALLET_RESPONSE_INVALID', { message: 'vp_token must answer exactly one offered credential query with one presentation.', cause });
  }
}
