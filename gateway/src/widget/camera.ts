import type { RgbImage } from '@idgate/inference/vision';

export type CameraProblem = 'denied' | 'absent' | 'in_app' | 'unsupported';

export class CameraError extends Error {
  readonly problem: CameraProblem;
  constructor(problem: CameraProblem) {
    super(problem);
    this.problem = problem;
  }
}

/** In-app browsers (Facebook, Instagram, LINE, TikTok, Android WebView) often block getUserMedia. */
export function isInAppBrowser(ua: string): boolean {
  return /FBAN|FBAV|Instagram|Line\/|TikTok|; wv\)/i.test(ua);
}

/** The front camera for the face; the rear one (`environment`, preferred, not required) for a document. */
export async function openCamera(video: HTMLVideoElement, facing: 'user' | 'environment' = 'user'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError(isInAppBrowser(navigator.userAgent) ? 'in_app' : 'unsupported');
  let stream: MediaStream;
  try {
    const size = facing === 'user' ? { width: { ideal: 640 }, height: { ideal: 480 } } : { width: { ideal: 1920 }, height: { ideal: 1080 } };
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: facing }, ...size }, audio: false });
  } catch (e) {
    const name = (e as DOMException).name;
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('absent');
    throw new CameraError(isInAppBrowser(navigator.userAgent) ? 'in_app' : 'denied');
  }
  video.srcObject = stream;
  await video.play();
  return stream;
}

export function stopCamera(stream: MediaStream | undefined): void {
  stream?.getTracks().forEach((t) => t.stop());
}

/** The current video frame as interleaved RGB (the vision module's image type). */
export function grabFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): RgbImage {
  const width = video.videoWidth;
  const height = video.videoHeight;
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new CameraError('unsupported');
  ctx.drawImage(video, 0, 0, width, height);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    rgb[o] = rgba[i];
    rgb[o + 1] = rgba[i + 1];
    rgb[o + 2] = rgba[i + 2];
  }
  return { data: rgb, width, height };
}

/** JPEG of the current frame, for the server-side alternative only (path A on the server). */
export function frameAsJpegBase64(video: HTMLVideoElement, canvas: HTMLCanvasElement): string {
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
}
