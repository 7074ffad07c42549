import net from 'node:net';

/**
 * A minimal browser for the HTML flows: a cookie jar (name → value; paths are ignored, which
 * only ever sends more cookies than a browser would), manual redirects, form posts.
 */
export class CookieBrowser {
  readonly jar = new Map<string, string>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  /** A JSON request with this browser's cookies (the passkey endpoints); the body parsed when it is JSON. */
  async json(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await this.send(url, init);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Follows same-origin redirects until one leaves `origin` or a page answers; returns the last response and URL. */
  async follow(url: string, origin: string, first?: Response): Promise<{ res: Response; url: string; status: number[] }> {
    let res = first ?? (await this.get(url));
    const status = [res.status];
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      const next = new URL(res.headers.get('location')!, url).href;
      url = next;
      if (!next.startsWith(origin)) return { res, url, status };
      res = await this.get(next);
      status.push(res.status);
    }
    return { res, url, status };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('accept')) headers.set('accept', 'text/html');
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) this.store(c);
    return res;
  }

  private store(setCookie: string): void {
    const [pair, ...attrs] = setCookie.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || (/^expires=/i.test(a.trim()) && new Date(a.trim().slice(8)).getTime() < Date.now()));
    if (!value || expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

/** The value of a hidden or text input in an HTML page. */
export function inputValue(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"') : '';
}

/** A free TCP port on loopback (the issuer must name the port before the server listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
