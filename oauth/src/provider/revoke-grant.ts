import type Provider from 'oidc-provider';

type Revocable = { revokeByGrantId(grantId: string): Promise<void> };

/** Revokes a grant: its codes, access and refresh tokens, then the grant itself (they stop working at once). */
export async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  const models = [provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode] as unknown as Revocable[];
  await Promise.all(models.map((m) => m.revokeByGrantId(grantId)));
  await (provider.Grant as unknown as { adapter: { destroy(id: string): Promise<void> } }).adapter.destroy(grantId);
}
