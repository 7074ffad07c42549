import type { WidgetConfig } from './widget-config.ts';

/**
 * The onnxruntime-web binary the face worker loads from `ortWasmPath` (build-widget.ts copies it).
 * Only non-script bytes are fetched early: scripts (the worker, the runtime's loader) stay out of
 * the page's JavaScript-before-camera budget and load when the camera runs.
 */
const ORT_BINARY = 'ort-wasm-simd-threaded.wasm';

let config: Promise<WidgetConfig> | undefined;
let prefetched = false;

/** /widget/config.json, fetched once per page: the intro's prefetch and the face step share it. */
export function faceConfig(): Promise<WidgetConfig> {
  config ??= fetch('/widget/config.json').then(async (r) => {
    if (!r.ok) throw new Error(`config ${r.status}`);
    return (await r.json()) as WidgetConfig;
  });
  // A failed fetch is tried again by the next caller rather than remembered.
  config.catch(() => (config = undefined));
  return config;
}

/**
 * Starts downloading what the on-device face check needs while the intro is on screen, so the
 * bytes arrive while the user reads it and answers the camera prompt, not after. Why it is safe
 * to fetch early: every URL is immutable and content-addressed (long max-age), so the worker's
 * own fetch later is answered from the HTTP cache. No `integrity` here: the browser checks it on
 * the fetching thread, and hashing 13 MB on the page's main thread would be one long task during
 * capture; the worker's fetch checks the cached bytes before any model runs. Bodies are drained,
 * never kept or parsed: the main thread does no work per byte, and nothing is held in memory
 * twice. Low priority keeps the page's own requests first; a failure is ignored (the face step
 * fetches again and reports).
 */
export function prefetchFaceAssets(): void {
  // Without WebAssembly the face step offers the server-side check and fetches none of it.
  if (prefetched || typeof WebAssembly !== 'object') return;
  prefetched = true;
  void faceConfig()
    .then((cfg) => {
      // Smallest first: the runtime and detector are ready while the age model still streams.
      const urls = [cfg.ortWasmPath + ORT_BINARY, cfg.models.detector.url, ...cfg.models.liveness.map((m) => m.url), cfg.models.age.url];
      return Promise.all(urls.map(drain));
    })
    .catch(() => undefined);
}

async function drain(url: string): Promise<void> {
  const res = await fetch(url, { priority: 'low' });
  await res.body?.pipeTo(new WritableStream());
}
