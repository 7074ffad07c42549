import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/**
 * After a pass that may be saved to a service ID (docs/widget.md "Saving the result"): offer it
 * before returning to the site. "Save" is a top-level form POST to the provider's save page with
 * the session's result token in the body (never in a URL); the provider asks core what the session
 * offers, saves it once, and sends the user on to the same callback. Returns false when this page
 * has nowhere to save to (no provider mounted), so the caller redirects as before.
 */
export function showSaveOffer(ctx: Ctx, redirectUrl: string): boolean {
  const saveUrl = document.getElementById('app')?.dataset.saveUrl;
  const resultToken = new URL(redirectUrl).searchParams.get('token');
  if (!saveUrl || !resultToken) return false;
  const { view } = ctx;
  const form = h(
    'form',
    { method: 'post', action: saveUrl, class: 'actions' },
    h('input', { type: 'hidden', name: 'result_token', value: resultToken }),
    h('input', { type: 'hidden', name: 'ui_locales', value: view.tr.locale }),
    h('button', { type: 'submit', class: 'btn primary', id: 'save' }, view.tr.t('save_yes')),
    button(view.tr.t('save_no'), () => location.replace(redirectUrl), 'secondary', 'skip'),
  );
  view.show(
    'save-offer',
    'save_heading',
    view.text('save_body'),
    ...(ctx.state.bracket_method === 'facial_estimate' ? [view.text('save_facial_note')] : []),
    form,
  );
  return true;
}
