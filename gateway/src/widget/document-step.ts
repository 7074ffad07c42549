import type { Ctx } from './main.ts';
import { kindInfo, KINDS, nextSide, type DocumentCapture, type DocumentKind, type DocumentSide } from './document-sides.ts';
import { submitDocument } from './document-upload.ts';
import type { MessageKey } from './locales/index.ts';
import { button, h } from './view.ts';

/**
 * Document step (paths B/C, or path A undecided). The user says which document they hold
 * (document-sides.ts; a passport by default): a passport is one photo, an identity card, residence
 * permit, driving licence or state ID two (front, then back). Each side is taken in the page with the
 * rear camera and live guidance (document-camera.ts, loaded only when chosen) or chosen from the
 * device; photos show as thumbnails, either side can be retaken, and all are sent in one request to
 * POST /session/document (read by OCR on the server and dropped). Until the state says the document
 * path is available the user sees a clear "not available yet" screen and can only cancel back to the site.
 */

/** The document being captured in this page, kept across the camera, a retake and a side the server found missing. */
let current: DocumentCapture | undefined;

type Stage = 'single' | DocumentSide | 'review';
const HEADINGS: Record<Stage, MessageKey> = { single: 'doc_heading', front: 'doc_front_heading', back: 'doc_back_heading', review: 'doc_review_heading' };
const BODIES: Record<Stage, MessageKey> = { single: 'doc_body', front: 'doc_front_body', back: 'doc_back_body', review: 'doc_review_body' };
const SIDE_LABELS: Record<DocumentSide, MessageKey> = { front: 'doc_side_front', back: 'doc_side_back' };
const CAMERA_LABELS: Record<DocumentSide, MessageKey> = { front: 'doc_camera_front', back: 'doc_camera_back' };
const PICK_LABELS: Record<DocumentSide, MessageKey> = { front: 'doc_pick_front', back: 'doc_pick_back' };
const THUMB_ALTS: Record<DocumentSide, MessageKey> = { front: 'doc_thumb_front', back: 'doc_thumb_back' };

export function showDocumentStep(ctx: Ctx): void {
  const { view } = ctx;
  if (!ctx.state.document_path_available) {
    const cancel = button(view.tr.t('cancel'), () => void ctx.cancel(), 'primary', 'cancel');
    view.show('document-unavailable', 'doc_heading', view.text('doc_unavailable'), h('div', { class: 'actions' }, cancel));
    return;
  }
  current ??= { kind: KINDS[0].kind, photos: {} };
  showSides(ctx, current);
}

/**
 * The server found a side missing from the last upload: that side is asked for again, the other one
 * is kept. A "passport" that turned out two-sided (a card's front or back sent as the one photo) becomes
 * an ID card, its photo kept as the side the server did not ask for.
 */
export function forgetSide(side: DocumentSide): void {
  if (!current) return;
  if (kindInfo(current.kind).sides.length === 1) {
    const photo = current.photos.front;
    current = { kind: 'id_card', photos: photo ? { [side === 'front' ? 'back' : 'front']: photo } : {} };
    return;
  }
  delete current.photos[side];
}

/** Which document: one radio group, shown until a photo is taken (then "Choose another document" starts over). */
function kindChoice(ctx: Ctx, capture: DocumentCapture): HTMLElement {
  const { view } = ctx;
  const options = KINDS.map((k) => {
    const input = h('input', { type: 'radio', name: 'document-kind', id: `document-kind-${k.kind}`, value: k.kind }) as HTMLInputElement;
    input.checked = k.kind === capture.kind;
    input.addEventListener('change', () => {
      capture.kind = input.value as DocumentKind;
      showSides(ctx, capture);
      document.getElementById(input.id)?.focus();
    });
    return h('div', { class: 'choice' }, input, h('label', { for: input.id }, view.tr.t(k.label)));
  });
  return h('fieldset', { class: 'choices', id: 'document-kind' }, h('legend', { class: 'field-label' }, view.tr.t('doc_kind_question')), ...options);
}

/** Every side the document needs: its photo (a thumbnail) or a way to take or choose it; send once all are there. */
function showSides(ctx: Ctx, capture: DocumentCapture): void {
  const { view } = ctx;
  const info = kindInfo(capture.kind);
  const two = info.sides.length > 1;
  const missing = nextSide(capture);
  const stage: Stage = !two ? 'single' : (missing ?? 'review');
  const any = Object.keys(capture.photos).length > 0;
  const send = button(
    view.tr.t('doc_upload'),
    () => {
      const image = capture.photos.front;
      if (image && !nextSide(capture)) void submitDocument(ctx, { image, back: two ? capture.photos.back : undefined }, send);
    },
    'primary',
    'document-send',
  );
  send.disabled = missing !== undefined;
  const change = any
    ? [
        button(
          view.tr.t('doc_change'),
          () => {
            current = { kind: capture.kind, photos: {} };
            showSides(ctx, current);
          },
          'secondary',
          'document-change',
        ),
      ]
    : [];
  view.show(
    'document',
    HEADINGS[stage],
    view.text(BODIES[stage]),
    ...(any ? [] : [kindChoice(ctx, capture)]),
    ...info.sides.map((side) => sidePanel(ctx, capture, side, two)),
    h(
      'div',
      { class: 'actions' },
      send,
      ...change,
      button(view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel'),
    ),
  );
  const main = document.getElementById('app');
  if (main) {
    main.dataset.documentKind = capture.kind;
    main.dataset.documentStage = stage;
  }
}

/** One side: its thumbnail once taken, a camera button (where there is a camera) and a file picker with a translated label. */
function sidePanel(ctx: Ctx, capture: DocumentCapture, side: DocumentSide, two: boolean): HTMLElement {
  const { view } = ctx;
  const photo = capture.photos[side];
  // A passport keeps the ids of the one-photo page (document-file, document-camera); two sides are document-front-*, document-back-*.
  const id = two ? `document-${side}` : 'document';
  const taken = (blob: Blob) => {
    capture.photos[side] = blob;
    showSides(ctx, capture);
  };
  // The native file input labels itself in the browser's language ("Choose File / No file chosen" on an
  // Arabic or Japanese page): it is hidden, still focusable, and its label is a button in the page's language.
  const input = h('input', {
    type: 'file',
    id: `${id}-file`,
    class: 'file-input',
    accept: 'image/jpeg,image/png,image/webp',
    capture: 'environment',
  }) as HTMLInputElement;
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) taken(file);
  });
  const pick = h('label', { for: input.id, class: 'btn secondary' }, view.tr.t(two ? PICK_LABELS[side] : 'doc_pick'));
  // One photo taken with the camera is sent at once, as the one-photo page always did; two sides wait for review.
  const fromCamera = (blob: Blob) => {
    taken(blob);
    if (!two) document.getElementById('document-send')?.click();
  };
  const camera =
    typeof navigator.mediaDevices?.getUserMedia === 'function'
      ? [
          button(
            view.tr.t(two ? CAMERA_LABELS[side] : 'doc_use_camera'),
            () =>
              void import('./document-camera.ts')
                .then((m) => m.showDocumentCamera(ctx, { kind: capture.kind, side, onPhoto: fromCamera, back: () => showSides(ctx, capture) }))
                .catch((e: unknown) => ctx.fail(e)),
            photo ? 'secondary' : 'primary',
            `${id}-camera`,
          ),
        ]
      : [];
  const preview = photo
    ? h('img', { class: 'thumb', id: `${id}-thumb`, alt: view.tr.t(two ? THUMB_ALTS[side] : 'doc_thumb_page'), src: URL.createObjectURL(photo) })
    : h('p', { class: 'file-name', id: `${id}-file-name` }, view.tr.t('doc_no_file'));
  return h(
    'section',
    { class: 'side', id, 'aria-labelledby': `${id}-label` },
    h('h2', { id: `${id}-label` }, view.tr.t(two ? SIDE_LABELS[side] : 'doc_choose')),
    preview,
    h('div', { class: 'file-pick' }, ...camera, input, pick),
  );
}
