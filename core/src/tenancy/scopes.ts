/**
 * Scopes of restricted keys (ak_live_), spec §5 leaves them open; docs/verify-api.md "API keys and scopes".
 * A secret key holds every scope; a public key holds only `verify:init` and `widget`.
 */
export const API_SCOPES = ['verify:init', 'verify:result', 'verify:status', 'tokens:verify', 'widget', 'review', '2fa', 'blacklist'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const PUBLIC_KEY_SCOPES: readonly ApiScope[] = ['verify:init', 'widget'];

export type KeyKind = 'secret' | 'public' | 'restricted';

export const KEY_PREFIX: Record<KeyKind, string> = { secret: 'sk_live_', public: 'pk_live_', restricted: 'ak_live_' };

export function isApiScope(s: string): s is ApiScope {
  return (API_SCOPES as readonly string[]).includes(s);
}
