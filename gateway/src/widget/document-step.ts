import type { Ctx } from './main.ts';
import { submitDocument } from './document-upload.ts';
import { button, h } from './view.ts';

/**
 * Document step (paths B/C, or path A undecided): a photo of the ID document, taken in the page
 * with the rear camera and live edge guidance (document-camera.ts, loaded only when chosen), or
 * chosen from the device / taken with the camera app (`capture`). Either way it is sent once to
 * POST /session/document (read by OCR on the server and dropped). Until the state says the
 * document path is available the user sees a clear "not available yet" screen and can only
 * cancel back to the site.
 */
export function showDocumentStep(ctx: Ctx): void {
  const { view } = ctx;
  const cancel = button(view.tr.t('cancel'), () => void ctx.cancel(), ctx.state.document_path_available ? 'secondary' : 'primary', 'cancel');
  if (!ctx.state.document_path_available) {
    view.show('document-unavailable', 'doc_heading', view.text('doc_unavailable'), h('div', { class: 'actions' }, cancel));
    return;
  }
  // The native file input labels itself in the browser's language ("Choose File / No file chosen"
  // on an Arabic or Japanese page): it is hidden, still focusable, and a labelled button and the
  // chosen file's name speak the page's language instead.
  const chosen = h('span', { id: 'document-file-name', class: 'file-name' }, view.tr.t('doc_no_file'));
  const input = h('input', {
    type: 'file',
    id: 'document-file',
    class: 'file-input',
    accept: 'image/jpeg,image/png,image/webp',
    capture: 'environment',
    'aria-describedby': 'document-file-name',
  }) as HTMLInputElement;
  const send = button(
    view.tr.t('doc_upload'),
    () => {
      const file = input.files?.[0];
      if (file) void submitDocument(ctx, file, send);
    },
    'primary',
    'document-send',
  );
  send.disabled = true;
  input.addEventListener('change', () => {
    send.disabled = !input.files?.length;
    chosen.textContent = input.files?.[0]?.name ?? view.tr.t('doc_no_file');
  });
  const camera =
    typeof navigator.mediaDevices?.getUserMedia === 'function'
      ? [
          h(
            'div',
            { class: 'actions' },
            button(
              view.tr.t('doc_use_camera'),
              () => void import('./document-camera.ts').then((m) => m.showDocumentCamera(ctx, () => showDocumentStep(ctx))).catch((e: unknown) => ctx.fail(e)),
              'primary',
              'document-camera',
            ),
          ),
        ]
      : [];
  view.show(
    'document',
    'doc_heading',
    view.text('doc_body'),
    ...camera,
    h(
      'div',
      { class: 'field' },
      h('p', { class: 'field-label' }, view.tr.t('doc_choose')),
      h('div', { class: 'file-pick' }, input, h('label', { for: 'document-file', class: 'btn secondary' }, view.tr.t('doc_pick')), chosen),
    ),
    h('div', { class: 'actions' }, send, cancel),
  );
}
