import { escapeHtml } from './html.ts';
import { isRtl, t, type Locale } from './i18n/index.ts';

/**
 * Light and dark themes follow the browser (prefers-color-scheme); `data-theme` forces one.
 * Contrast of text and buttons is at least 4.5:1 in both; focus is always visible.
 */
const CSS = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#16181d;--muted:#4a5160;--accent:#1d4ed8;--accent-fg:#fff;--border:#c9ced8;--danger:#b91c1c}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#0f1115;--card:#1a1d24;--fg:#eef0f4;--muted:#b4bac6;--accent:#93b4ff;--accent-fg:#0f1115;--border:#3a404c;--danger:#ff8a8a}}
:root[data-theme=dark]{--bg:#0f1115;--card:#1a1d24;--fg:#eef0f4;--muted:#b4bac6;--accent:#93b4ff;--accent-fg:#0f1115;--border:#3a404c;--danger:#ff8a8a}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--border);border-radius:.75rem}
h1{font-size:1.4rem;margin-top:0}h2{font-size:1.1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid var(--border);border-radius:.4rem;background:var(--bg);color:var(--fg);font:inherit}
button{font:inherit;padding:.6rem 1rem;border-radius:.4rem;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer;margin-top:1rem}
button.secondary{background:transparent;color:var(--fg);border-color:var(--border)}
button.danger{background:var(--danger);border-color:var(--danger);color:var(--card)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.alert{border-inline-start:4px solid var(--danger);padding:.5rem .75rem;background:var(--bg)}
.note{color:var(--muted);font-size:.9rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
ul.scopes li{margin:.3rem 0}
.client{display:flex;align-items:center;gap:.75rem}.client img{width:48px;height:48px;border-radius:.5rem;object-fit:cover}
a{color:var(--accent)}
`;

export interface PageOptions {
  locale: Locale;
  title: string;
  body: string;
  theme?: 'light' | 'dark';
}

/** A complete, server-rendered HTML document with lang and dir set for the locale. */
export function page(o: PageOptions): string {
  const theme = o.theme ? ` data-theme="${o.theme}"` : '';
  return `<!doctype html>
<html lang="${o.locale}" dir="${isRtl(o.locale) ? 'rtl' : 'ltr'}"${theme}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(o.title)}</title><style>${CSS}</style></head>
<body><main>${o.body}</main></body></html>`;
}

/**
 * Headers of every HTML page: no framing (clickjacking on consent), no caching, strict CSP. Scripts
 * and fetches only from this origin (the passkey script, web/passkeys.script.ts), never inline.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
} as const;

/** Why the last sign-in failed: wrong credentials, or too many failures (retry later). */
export type SignInFailure = 'credentials' | 'throttled';

/** The alert above a sign-in form after a failed attempt (consent screen and portal alike). */
export function signInAlert(l: Locale, failed: SignInFailure | undefined): string {
  return failed ? `<p class="alert" role="alert">${escapeHtml(t(l, failed === 'throttled' ? 'loginThrottled' : 'loginFailed'))}</p>` : '';
}

export function themeOf(q: unknown): 'light' | 'dark' | undefined {
  return q === 'light' || q === 'dark' ? q : undefined;
}
