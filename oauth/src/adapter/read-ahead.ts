import Provider from 'oidc-provider';

const memos = new WeakMap<object, Map<string, unknown>>();

/**
 * Rows read ahead within one oidc-provider request. A token request asks for the refresh
 * token, then its grant, then its account, one after another; userinfo for the account, then
 * the grant. The SQL adapter answers the first question with one statement that joins what
 * the next ones will ask for, and keeps those rows here, keyed by the request's context
 * (oidc-provider's AsyncLocalStorage), so they die with the request. Each row is handed out
 * once (`take`); a write of the same artefact forgets it. Outside a request nothing is kept.
 */
export const readAhead = {
  keep(key: string, value: unknown): void {
    const ctx = Provider.ctx;
    if (!ctx || value === undefined || value === null) return;
    let memo = memos.get(ctx);
    if (!memo) memos.set(ctx, (memo = new Map()));
    memo.set(key, value);
  },

  take<T>(key: string): T | undefined {
    const ctx = Provider.ctx;
    const memo = ctx ? memos.get(ctx) : undefined;
    const value = memo?.get(key) as T | undefined;
    if (value !== undefined) memo!.delete(key);
    return value;
  },

  forget(key: string): void {
    const ctx = Provider.ctx;
    if (ctx) memos.get(ctx)?.delete(key);
  },
};
