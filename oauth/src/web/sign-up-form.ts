import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '@idgate/platform';
import { MailUnavailable, type AccountService } from '../accounts/account-service.ts';
import type { User } from '../accounts/users.repository.ts';
import { field, sendPage } from './http-helpers.ts';

export type SignUpFailure = 'input' | 'mail';

/** The sign-up form's fields (portal and consent screen alike) through AccountService.signUp. */
export async function signUpFromForm(req: FastifyRequest, accounts: AccountService, log?: Logger): Promise<{ user: User } | { failed: SignUpFailure }> {
  try {
    const user = await accounts.signUp({ email: field(req, 'email'), password: field(req, 'password'), displayName: field(req, 'display_name') });
    return user ? { user } : { failed: 'input' };
  } catch (err) {
    if (!(err instanceof MailUnavailable)) throw err;
    // The relay's message can quote the recipient: only its codes are logged (no personal data).
    const cause = err.cause as { code?: string; responseCode?: number } | undefined;
    log?.warn({ code: cause?.code, responseCode: cause?.responseCode }, 'sign-up undone: the verification email could not be sent');
    return { failed: 'mail' };
  }
}

/** The sign-up page again with its alert: 400 for refused input, 503 + Retry-After when the mail relay failed. */
export function refuseSignUp(reply: FastifyReply, failed: SignUpFailure, html: string): FastifyReply {
  if (failed === 'mail') return sendPage(reply.header('retry-after', '300'), html, 503);
  return sendPage(reply, html, 400);
}
