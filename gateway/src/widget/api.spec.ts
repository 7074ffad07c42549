import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './api.ts';

function answer(status: number, json: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const busy = (code: string, status: number) => answer(status, { success: false, error: { code, message: 'busy' } }, { 'retry-after': '2' });
const state = answer(200, { success: true, data: { step: 'done', session_status: 'success', document_path_available: true } });

describe('widget API calls: an upload refused as busy is sent again after Retry-After', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('UPLOADS_IN_FLIGHT, then UPLOADS_BUSY, then the answer: the same body is sent three times, 2 s apart', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockResolvedValueOnce(busy('UPLOADS_IN_FLIGHT', 429)).mockResolvedValueOnce(busy('UPLOADS_BUSY', 503)).mockResolvedValueOnce(state);
    vi.stubGlobal('fetch', fetch);
    const pending = call('/session/frames', { method: 'POST', session: 'xws_1', body: { frames: ['AA=='] } });
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2001);
    await expect(pending).resolves.toMatchObject({ step: 'done' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch.mock.calls.map((c) => (c[1] as RequestInit).body)).toEqual(Array(3).fill('{"frames":["AA=="]}'));
  });

  it('gives up after three retries with the last answer, and never retries another error (RATE_LIMITED waits a minute)', async () => {
    vi.useFakeTimers();
    const always = vi.fn().mockImplementation(() => Promise.resolve(busy('UPLOADS_BUSY', 503)));
    vi.stubGlobal('fetch', always);
    const pending = call('/session/document', { method: 'POST', body: { image: 'AA==' } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ status: 503, code: 'UPLOADS_BUSY' });
    expect(always).toHaveBeenCalledTimes(4);

    const limited = vi.fn().mockResolvedValue(answer(429, { success: false, error: { code: 'RATE_LIMITED', message: 'slow down' } }, { 'retry-after': '30' }));
    vi.stubGlobal('fetch', limited);
    await expect(call('/session/frames', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(limited).toHaveBeenCalledTimes(1);
  });
});
