import { ApiError, call } from './api.ts';
import type { Ctx } from './main.ts';

/**
 * The one upload path of both modes. An unreadable or oversized image is the user's to retake
 * (`retry` is enabled again); anything else is an error screen.
 */
export async function submitDocument(ctx: Ctx, image: Blob, retry: HTMLButtonElement): Promise<void> {
  retry.disabled = true;
  ctx.view.announce('sending');
  try {
    const base64 = await base64Of(image);
    ctx.route(await call('/session/document', { method: 'POST', session: ctx.session, body: { image: base64 } }));
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
