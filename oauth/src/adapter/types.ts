/** oidc-provider's adapter contract (example/my_adapter.js), as our adapters implement it. */
export type Payload = Record<string, unknown> & {
  grantId?: string;
  accountId?: string;
  clientId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

export interface OidcAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}
