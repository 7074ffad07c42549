import type { WidgetState } from './api.ts';
import type { MessageKey } from './locales/index.ts';
import type { Ctx } from './main.ts';
import { forgetSide } from './document-step.ts';
import { button, h } from './view.ts';

/** What to tell the user for each retake reason core gives (docs/widget.md "Retakes"). */
const MESSAGES: Readonly<Record<string, MessageKey>> = {
  document_unreadable: 'retake_document_unreadable',
  dob_unreadable: 'retake_dob_unreadable',
  face_not_found: 'retake_face_not_found',
  face_multiple: 'retake_face_multiple',
  face_quality_low: 'retake_face_unclear',
  liveness_failed: 'retake_face_unclear',
};

/** The state without its retake: what the step looks like once the user chose to try again. */
export function withoutRetake(state: WidgetState): WidgetState {
  const { retake_reason: _reason, retake_attempts_left: _left, document_side_missing: _side, ...rest } = state;
  return rest;
}

/** The message for a retake: the missing side of a two-sided document by name, else the reason's. */
export function retakeMessage(state: WidgetState): MessageKey {
  if (state.document_side_missing === 'front') return 'retake_side_front';
  if (state.document_side_missing === 'back') return 'retake_side_back';
  return MESSAGES[state.retake_reason ?? ''] ?? 'retake_face_unclear';
}

/** `{n} tries left` in the page's language, with its plural form (Intl.PluralRules). */
export function attemptsLeftKey(locale: string, left: number): MessageKey {
  return new Intl.PluralRules(locale).select(left) === 'one' ? 'retake_left_one' : 'retake_left_other';
}

/**
 * Core refused the last capture as the user's to retake and keeps the session at the same step:
 * say what went wrong and how many tries are left, then let the user capture again in this session.
 * The limit is core's; the page only shows it.
 */
export function showRetake(ctx: Ctx, state: WidgetState, proceed: (s: WidgetState) => void): void {
  const { view } = ctx;
  const left = state.retake_attempts_left ?? 0;
  view.show(
    'capture-retake',
    'retake_heading',
    h('p', { id: 'retake-message' }, view.tr.t(retakeMessage(state))),
    h('p', { id: 'retake-left' }, view.tr.t(attemptsLeftKey(view.tr.locale, left), { n: left })),
    h(
      'div',
      { class: 'actions' },
      button(
        view.tr.t('retry'),
        () => {
          // The side the server lacked is asked for again; the other photo is kept.
          if (state.document_side_missing) forgetSide(state.document_side_missing);
          proceed(withoutRetake(state));
        },
        'primary',
        'retake-again',
      ),
      button(view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel'),
    ),
  );
}
