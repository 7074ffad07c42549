import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ApiError, call, type WidgetState } from './api.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/**
 * Path D (docs/widget.md "Service ID"): sign in with the passkey of a service ID; the session passes
 * at once when the saved age meets it, else the user steps up on the path core gives. Also reachable
 * from path A's first screen ("I have a service ID"), before the camera starts.
 */
export function showServiceIdStep(ctx: Ctx, notice?: 'sid_canceled' | 'sid_step_up'): void {
  const { view } = ctx;
  view.show(
    'service-id',
    'sid_heading',
    view.text('sid_body'),
    h(
      'div',
      { class: 'actions' },
      button(view.tr.t('sid_passkey'), () => void signIn(ctx), 'primary', 'passkey'),
      button(view.tr.t('sid_other_way'), () => void otherWay(ctx), 'secondary', 'other-way'),
      button(view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel'),
    ),
  );
  if (notice) view.announce(notice);
}

async function signIn(ctx: Ctx): Promise<void> {
  let state: WidgetState;
  try {
    const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>('/session/service-id/options', { method: 'POST', session: ctx.session });
    const credential = await startAuthentication({ optionsJSON });
    state = await call('/session/service-id/assertion', { method: 'POST', body: { credential }, session: ctx.session });
  } catch (e) {
    // The user dismissed the browser's passkey sheet, or the passkey was refused: stay, say so.
    if (e instanceof ApiError && e.status >= 500) return ctx.fail(e);
    return showServiceIdStep(ctx, 'sid_canceled');
  }
  if (state.service_id_step_up) return showStepUp(ctx, state);
  ctx.route(state);
}

/** "Verify another way": from the service-ID step core moves the session to the path its rules pick. */
async function otherWay(ctx: Ctx): Promise<void> {
  if (ctx.state.step !== 'service_id_required') return ctx.route(ctx.state);
  try {
    ctx.route(await call('/session/service-id/decline', { method: 'POST', session: ctx.session }));
  } catch (e) {
    ctx.fail(e);
  }
}

/** The saved age did not pass this session: say so, then continue on the step core gave. */
function showStepUp(ctx: Ctx, state: WidgetState): void {
  const { view } = ctx;
  view.show(
    'service-id-step-up',
    'sid_heading',
    view.text('sid_step_up'),
    h(
      'div',
      { class: 'actions' },
      button(view.tr.t('sid_other_way'), () => ctx.route(state), 'primary', 'continue'),
    ),
  );
}
