import { roleName } from './dashboard.views.ts';

/** The link an invited member opens: the token rides in the path, the page posts it back. */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/$/, '')}/dashboard/invitations/${token}`;
}

/** Plain text: the invitation, who sent it, the role, the link and how long it works. */
export function invitationMail(o: { to: string; url: string; invitedBy: string; role: string }): { to: string; subject: string; text: string } {
  return {
    to: o.to,
    subject: 'You are invited to an idgate dashboard team',
    text: [
      `${o.invitedBy} invited you to their team on the idgate dashboard as ${roleName(o.role)}.`,
      '',
      'Open this link within 7 days to choose a password and join:',
      o.url,
      '',
      'If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  };
}
