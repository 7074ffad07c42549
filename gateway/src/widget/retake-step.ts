import type { WidgetState } from './api.ts';
import type { MessageKey } from './locales/index.ts';
import type { Ctx } from './main.ts';
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
  const { retake_reason: _reason, retake_attempts_left: _left, ...rest } = state;
  return rest;
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
    h('p', { id: 'retake-message' }, view.tr.t(MESSAGES[state.retake_reason ?? ''] ?? 'retake_face_unclear')),
    h('p', { id: 'retake-left' }, view.tr.t(attemptsLeftKey(view.tr.locale, left), { n: left })),
    h(
      'div',
      { class: 'actions' },
      button(view.tr.t('retry'), () => proceed(withoutRetake(state)), 'primary', 'retake-again'),
      button(view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel'),
    ),
  );
}
