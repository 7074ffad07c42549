import { ApiError, call } from './api.ts';
import type { Ctx } from './main.ts';

/** The photos of one document: the front (or a passport's data page) and, for a two-sided document, the back. */
export interface DocumentImages {
  image: Blob;
  back?: Blob;
}

/**
 * The one upload path of both modes: every side in one request. An unreadable or oversized image is
 * the user's to retake (`retry` is enabled again); anything else is an error screen.
 */
export async function submitDocument(ctx: Ctx, images: DocumentImages, retry: HTMLButtonElement): Promise<void> {
  retry.disabled = true;
  ctx.view.announce('sending');
  try {
    const body: { image: string; back_image?: string } = { image: await base64Of(images.image) };
    if (images.back) body.back_image = await base64Of(images.back);
    ctx.route(await call('/session/document', { method: 'POST', session: ctx.session, body }));
  } catch (e) {
    if (e instanceof ApiError && (e.status === 422 || e.status === 413)) {
      ctx.view.announce('doc_unreadable');
      retry.disabled = false;
      return;
    }
    ctx.fail(e);
  }
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the reader's DOMException (an Error); null only before a read fails
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
