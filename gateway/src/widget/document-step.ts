import { ApiError, call } from './api.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/**
 * Document step (paths B/C, or path A undecided): a photo of the ID document, chosen from the
 * device or taken with the camera app (`capture`), sent once to POST /session/document (read by
 * OCR on the server and dropped). Until the state says the document path is available the user
 * sees a clear "not available yet" screen and can only cancel back to the site.
 */
export function showDocumentStep(ctx: Ctx): void {
  const { view } = ctx;
  const cancel = button(view.tr.t('cancel'), () => void ctx.cancel(), ctx.state.document_path_available ? 'secondary' : 'primary', 'cancel');
  if (!ctx.state.document_path_available) {
    view.show('document-unavailable', 'doc_heading', view.text('doc_unavailable'), h('div', { class: 'actions' }, cancel));
    return;
  }
  const input = h('input', { type: 'file', id: 'document-file', accept: 'image/jpeg,image/png,image/webp', capture: 'environment' }) as HTMLInputElement;
  const send = button(view.tr.t('doc_upload'), () => void upload(ctx, input, send), 'primary', 'document-send');
  send.disabled = true;
  input.addEventListener('change', () => { send.disabled = !input.files?.length; });
  view.show('document', 'doc_heading', view.text('doc_body'), h('div', { class: 'field' }, h('label', { for: 'document-file' }, view.tr.t('doc_choose')), input), h('div', { class: 'actions' }, send, cancel));
}

async function upload(ctx: Ctx, input: HTMLInputElement, send: HTMLButtonElement): Promise<void> {
  const file = input.files?.[0];
  if (!file) return;
  send.disabled = true;
  ctx.view.announce('sending');
  try {
    const image = await base64Of(file);
    ctx.route(await call('/session/document', { method: 'POST', session: ctx.session, body: { image } }));
  } catch (e) {
    if (e instanceof ApiError && (e.status === 422 || e.status === 413)) {
      ctx.view.announce('doc_unreadable');
      send.disabled = false;
      return;
    }
    ctx.fail(e);
  }
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
