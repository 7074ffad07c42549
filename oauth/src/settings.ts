import type { Config } from '@idgate/platform';
import type { RelyingPartySettings } from './passkeys/passkey-service.ts';

/** Scopes of spec §2.6, in the order discovery lists them. */
export const SCOPES = ['openid', 'profile', 'email', 'age_verification', 'connections'] as const;
export type Scope = (typeof SCOPES)[number];

/** Lifetimes in seconds. The spec fixes only the access token's sample (3600, §8). */
export interface Lifetimes {
  accessToken: number;
  idToken: number;
  authorizationCode: number;
  refreshToken: number;
  grant: number;
  session: number;
  interaction: number;
}

export const DEFAULT_LIFETIMES: Lifetimes = {
  accessToken: 3600,
  idToken: 3600,
  authorizationCode: 60,
  refreshToken: 30 * 24 * 3600,
  grant: 365 * 24 * 3600,
  session: 24 * 3600,
  interaction: 30 * 60,
};

export interface OAuthSettings {
  /** {base_url}: the issuer (spec §4.2). */
  issuer: string;
  /** {auth_url}: where the login/consent screens and the portal are served. */
  authUrl: string;
  production: boolean;
  lifetimes: Lifetimes;
  /** Failed client authentications per client id (and per address) per minute before 429. */
  tokenAuthFailuresPerMinute: number;
  trustProxy: boolean;
  /** Passkeys: WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS (docs/oauth.md "Passkeys"). */
  webauthn: RelyingPartySettings;
}

export function settingsFrom(config: Config, over: Partial<OAuthSettings> = {}): OAuthSettings {
  return {
    issuer: trimSlash(config.baseUrl),
    authUrl: trimSlash(config.authUrl),
    production: config.nodeEnv === 'production',
    lifetimes: DEFAULT_LIFETIMES,
    tokenAuthFailuresPerMinute: config.oauthTokenAuthFailuresPerMinute,
    trustProxy: false,
    webauthn: { rpId: config.webauthnRpId, rpName: 'idgate', origins: [...config.webauthnOrigins] },
    ...over,
  };
}

export function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Path part of {auth_url} (where the gateway mounts the screens), without a trailing slash. */
export function authPath(s: OAuthSettings): string {
  return trimSlash(new URL(s.authUrl).pathname);
}
