// A browser as the dashboard's server sees one, for HTTP tests of the dashboard pages.

/** A browser as the dashboard sees one: a cookie jar, the page's Origin on every post, no redirects followed. */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  private readonly base: string;
  private readonly origin: string;

  constructor(base: string, o: { origin?: string; cookies?: Map<string, string> } = {}) {
    this.base = base;
    this.origin = o.origin ?? base;
    for (const [k, v] of o.cookies ?? []) this.cookies.set(k, v);
  }

  async get(path: string): Promise<{ status: number; html: string; location: string | null }> {
    return this.send(path, { method: 'GET' });
  }

  async post(
    path: string,
    form: Record<string, string>,
    o: { origin?: string | null } = {},
  ): Promise<{ status: number; html: string; location: string | null }> {
    const origin = o.origin === undefined ? this.origin : o.origin;
    return this.send(path, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    });
  }

  /**
   * A `multipart/form-data` post as a browser sends a file form: text fields and files (bytes, name, type).
   * `raw` replaces the whole body (with its own Content-Type) to send what no browser would.
   */
  async upload(
    path: string,
    fields: Record<string, string>,
    files: Record<string, { data: Uint8Array; filename: string; type: string }>,
    o: { raw?: { body: Uint8Array | string; contentType: string } } = {},
  ): Promise<{ status: number; html: string; location: string | null }> {
    if (o.raw) {
      return this.send(path, { method: 'POST', body: o.raw.body as BodyInit, headers: { 'content-type': o.raw.contentType, origin: this.origin } });
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [k, f] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
    // fetch writes the boundary into the Content-Type itself.
    return this.send(path, { method: 'POST', body: form, headers: { origin: this.origin } });
  }

  /** The GET a 303 points to, as a browser follows it after a form post. */
  async follow(res: { status: number; location: string | null }): Promise<{ status: number; html: string; location: string | null }> {
    if (res.status !== 303 || !res.location) throw new Error(`expected a 303 with a location, got ${res.status}`);
    return this.get(res.location);
  }

  /** A JSON post as the dashboard's passkey script sends one (same Origin, optional headers). */
  async json(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.send(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: this.origin, ...headers },
    });
    // The Origin check answers its HTML page before any JSON route runs.
    const json = res.html.startsWith('{') ? (JSON.parse(res.html) as Record<string, unknown>) : { html: res.html };
    return { status: res.status, body: json };
  }

  /** The CSRF token of the first form on a page. */
  async csrf(path = '/dashboard/team'): Promise<string> {
    const { html } = await this.get(path);
    const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`no csrf token on ${path}`);
    return token;
  }

  private async send(path: string, init: RequestInit) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.base + path, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (value) this.cookies.set(pair!.slice(0, i), value);
      else this.cookies.delete(pair!.slice(0, i));
    }
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
  }
}

/** The invitation link in a mail's text. */
export const invitationLinkIn = (text: string | undefined): string | undefined => /https?:\/\/\S+\/dashboard\/invitations\/xdi_[\w-]+/.exec(text ?? '')?.[0];
