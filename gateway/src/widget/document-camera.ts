import { CameraError, openCamera, stopCamera } from './camera.ts';
import { ANALYSIS_WIDTH, documentGuidance, guideRect, type DocumentGuide } from './document-guidance.ts';
import { sideHasZone, type DocumentKind, type DocumentSide } from './document-sides.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/** Guidance runs this often: plenty for a hand-held document, and leaves the CPU to the video. */
const GUIDE_EVERY_MS = 200;
const STEP = 'document-camera';

export interface CameraSide {
  kind: DocumentKind;
  side: DocumentSide;
  /** The still frame taken, for the document step to show and send with the other side. */
  onPhoto: (photo: Blob) => void;
  /** Back to the document step without a photo. */
  back: () => void;
}

/**
 * Document capture in the page (docs/widget.md, "Hosted widget"): the rear camera, a guide rectangle, live
 * guidance from the frames (document-guidance.ts: in frame, light, focus) announced in the
 * live region, and a still frame taken on request (the button works whatever the hint says:
 * the server decides) and handed back to the document step like a chosen file. The front of a
 * two-sided document has no machine-readable zone, so its guidance does not ask for one. A separate
 * chunk: loaded only when the user picks the camera.
 */
export async function showDocumentCamera(ctx: Ctx, o: CameraSide): Promise<void> {
  const backToUpload = o.back;
  const needsZone = sideHasZone(o.kind, o.side);
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
  const capture = button(
    view.tr.t('doc_capture'),
    () =>
      void takePhoto(video)
        .then((photo) => {
          leave();
          o.onPhoto(photo);
        })
        .catch((e: unknown) => ctx.fail(e)),
    'primary',
    'document-capture',
  );
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
  const twoSided = o.side === 'back' || !needsZone;
  const heading = !twoSided ? 'doc_camera_heading' : o.side === 'front' ? 'doc_front_heading' : 'doc_back_heading';
  view.show(STEP, heading, frame, h('div', { class: 'actions' }, capture, upload, cancel));
  try {
    stream = await openCamera(video, 'environment');
  } catch (e) {
    // No camera here after all: back to the file upload, saying why.
    backToUpload();
    view.announce(e instanceof CameraError ? 'denied_heading' : 'error_generic');
    return;
  }
  fitFrame(frame, guide, video);
  const main = document.getElementById('app');
  if (main) main.dataset.side = o.side;
  capture.disabled = false;
  const canvas = document.createElement('canvas');
  const onStep = () => document.getElementById('app')?.dataset.step === STEP;
  // Guidance until the step is left (capture routed on, upload instead, cancel); then the camera stops.
  for (;;) {
    // Wait first: each analysis is a task of its own, the first one too, not added to the camera's
    // start-up task (together they made the page's one long task, 50-104 ms on a loaded machine).
    await new Promise((r) => setTimeout(r, GUIDE_EVERY_MS));
    if (!onStep() || !stream) break;
    const hint = capture.disabled ? undefined : analyse(video, canvas, needsZone); // quiet while the photo is sent
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
function analyse(video: HTMLVideoElement, canvas: HTMLCanvasElement, needsZone: boolean): DocumentGuide | undefined {
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
  return documentGuidance(gray, width, height, { needsZone });
}

/** The whole current frame at the camera's resolution (the server finds the page itself), as JPEG. */
async function takePhoto(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error('capture');
  return blob;
}
