/** The widget state of docs/widget.md "Widget API" (snake_case as on the wire). */
export interface WidgetState {
  session_status: string;
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the steps the widget knows, named for readers; others may come
  step: 'face_capture' | 'document_required' | 'wallet_required' | 'done' | string;
  path?: string;
  widget_session?: string;
  nonce?: string;
  min_age?: number;
  device_age_gate?: number;
  verification_mode?: string;
  theme?: string;
  locale?: string;
  redirect_url?: string;
  document_path_available: boolean;
  reason?: string;
  /** The project runs path A's checks on the server: no models on this device, frames after consent. */
  server_side_checks?: boolean;
  /** Core refused the last capture as the user's to retake; the session waits at the same step. */
  retake_reason?: string;
  /** With retake_reason: captures of this kind the session still allows. */
  retake_attempts_left?: number;
  /** With retake_reason document_side_missing: the side of the two-sided document still to photograph. */
  document_side_missing?: 'front' | 'back';
  /** A passed session whose age the user may save to a service ID, and how it was proved. */
  service_account_offer?: boolean;
  bracket_method?: 'document' | 'facial_estimate';
  /** A service-ID attempt did not pass: why (the session goes on at `step`). */
  service_id_step_up?: string;
  /** The EU wallet (path E) can be used in this session now: "Use your EU wallet" on path A's and C's first screen. */
  wallet_offered?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const BASE = '/verify/v1/widget';

/**
 * The answers of an image upload refused because the service holds as many as it can (docs/errors.md
 * "Images"): nothing was read or done, so the same request is sent again after Retry-After.
 */
const BUSY_CODES = new Set(['UPLOADS_IN_FLIGHT', 'UPLOADS_BUSY']);
const BUSY_RETRIES = 3;

/** Calls the widget API (same origin, JSON); the widget session rides in X-Widget-Session. */
export async function call<T = WidgetState>(path: string, o: { method?: string; body?: unknown; session?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.session) headers['x-widget-session'] = o.session;
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(BASE + path, { method: o.method ?? 'GET', headers, body });
    const json = (await res.json().catch(() => ({}))) as { data?: T; error?: { code: string; message: string } };
    if (res.ok && json.data) return json.data;
    const code = json.error?.code ?? 'UNKNOWN';
    if (!BUSY_CODES.has(code) || attempt >= BUSY_RETRIES) throw new ApiError(res.status, code, json.error?.message ?? res.statusText);
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(res.headers.get('retry-after'))));
  }
}

/** Retry-After in seconds, as milliseconds; 2 s when absent, at most 30 s. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : 2000;
}

/** Starts (or resumes after a reload) the widget session of an init token. */
export async function startSession(token: string): Promise<WidgetState> {
  const key = `xws:${token}`;
  const saved = sessionStorage.getItem(key);
  if (saved) return { ...(await call('/session', { session: saved })), widget_session: saved };
  const state = await call('/sessions', { method: 'POST', body: { token } });
  if (state.widget_session) sessionStorage.setItem(key, state.widget_session);
  return state;
}
