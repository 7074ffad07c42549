import { CameraError, openCamera, stopCamera } from './camera.ts';
import { ANALYSIS_WIDTH, documentGuidance, guideRect, type DocumentGuide } from './document-guidance.ts';
import { submitDocument } from './document-upload.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/** Guidance runs this often: plenty for a hand-held document, and leaves the CPU to the video. */
const GUIDE_EVERY_MS = 200;
const STEP = 'document-camera';

/**
 * Document capture in the page (docs/widget.md, "Hosted widget"): the rear camera, a guide rectangle, live
 * guidance from the frames (document-guidance.ts: in frame, light, focus) announced in the
 * live region, and a still frame taken on request (the button works whatever the hint says:
 * the server decides) and sent through the same upload as a chosen file. A separate chunk:
 * loaded only when the user picks the camera.
 */
export async function showDocumentCamera(ctx: Ctx, backToUpload: () => void): Promise<void> {
  const { view } = ctx;
  const video = h('video', {
    playsinline: '',
    muted: '',
    autoplay: '',
    'aria-label': view.tr.t('doc_camera_label'),
    class: 'preview document',
  }) as HTMLVideoElement;
  video.muted = true;
  const guide = h('div', { class: 'doc-guide', 'aria-hidden': 'true' });
  const frame = h('div', { class: 'frame' }, video, guide);
  let stream: MediaStream | undefined;
  const leave = () => {
    stopCamera(stream);
    stream = undefined;
  };
  const capture = button(view.tr.t('doc_capture'), () => void takePhoto(ctx, video, capture), 'primary', 'document-capture');
  const upload = button(
    view.tr.t('doc_upload_instead'),
    () => {
      leave();
      backToUpload();
    },
    'secondary',
    'document-upload',
  );
  const cancel = button(
    view.tr.t('cancel'),
    () => {
      leave();
      void ctx.cancel();
    },
    'secondary',
    'cancel',
  );
  capture.disabled = true;
  view.show(STEP, 'doc_camera_heading', frame, h('div', { class: 'actions' }, capture, upload, cancel));
  try {
    stream = await openCamera(video, 'environment');
  } catch (e) {
    // No camera here after all: back to the file upload, saying why.
    backToUpload();
    view.announce(e instanceof CameraError ? 'denied_heading' : 'error_generic');
    return;
  }
  fitFrame(frame, guide, video);
  capture.disabled = false;
  const canvas = document.createElement('canvas');
  const onStep = () => document.getElementById('app')?.dataset.step === STEP;
  // Guidance until the step is left (capture routed on, upload instead, cancel); then the camera stops.
  for (;;) {
    // Wait first: each analysis is a task of its own, the first one too, not added to the camera's
    // start-up task (together they made the page's one long task, 50-104 ms on a loaded machine).
    await new Promise((r) => setTimeout(r, GUIDE_EVERY_MS));
    if (!onStep() || !stream) break;
    const hint = capture.disabled ? undefined : analyse(video, canvas); // quiet while the photo is sent
    if (hint) {
      view.announce(hint);
      guide.dataset.ready = String(hint === 'doc_guide_ready');
    }
  }
  leave();
}

/** The frame box takes the video's aspect ratio, so the overlay sits exactly on the analysed rectangle. */
function fitFrame(frame: HTMLElement, guide: HTMLElement, video: HTMLVideoElement): void {
  const w = video.videoWidth || 4;
  const h = video.videoHeight || 3;
  const r = guideRect(w, h);
  // CSSOM properties, not a style attribute: allowed under the page's CSP (style-src 'self').
  frame.style.aspectRatio = `${w} / ${h}`;
  guide.style.left = `${(100 * r.x) / w}%`;
  guide.style.top = `${(100 * r.y) / h}%`;
  guide.style.width = `${(100 * r.width) / w}%`;
  guide.style.height = `${(100 * r.height) / h}%`;
}

/** Grey copy of the guide rectangle at ANALYSIS_WIDTH, then the hint for it. */
function analyse(video: HTMLVideoElement, canvas: HTMLCanvasElement): DocumentGuide | undefined {
  if (!video.videoWidth || !video.videoHeight) return undefined;
  const r = guideRect(video.videoWidth, video.videoHeight);
  const width = ANALYSIS_WIDTH;
  const height = Math.round((ANALYSIS_WIDTH * r.height) / r.width);
  canvas.width = width;
  canvas.height = height;
  const c = canvas.getContext('2d', { willReadFrequently: true });
  if (!c) return undefined;
  c.drawImage(video, r.x, r.y, r.width, r.height, 0, 0, width, height);
  const rgba = c.getImageData(0, 0, width, height).data;
  const gray = new Float32Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) gray[i] = 0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2];
  return documentGuidance(gray, width, height);
}

/** The whole current frame at the camera's resolution (the server finds the page itself), as JPEG. */
async function takePhoto(ctx: Ctx, video: HTMLVideoElement, capture: HTMLButtonElement): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) return ctx.fail(new Error('capture'));
  await submitDocument(ctx, blob, capture);
}
