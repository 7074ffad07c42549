// Server-rendered pages of the tenant dashboard: no script at all, forms posting to the server, light and
// dark from the browser's preference. Every value is escaped; secrets never reach a page except the one
// time a flow must show them.
import type { core, WebhookDeliveryMessage } from '@idgate/protos';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CSS = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--fg:#16181d;--muted:#4a5160;--accent:#1d4ed8;--accent-fg:#fff;--border:#c9ced8;--danger:#b91c1c;--ok:#166534}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#1a1d24;--fg:#eef0f4;--muted:#b4bac6;--accent:#93b4ff;--accent-fg:#0f1115;--border:#3a404c;--danger:#ff8a8a;--ok:#86efac}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
header{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:var(--card);border-bottom:1px solid var(--border)}
header nav ul{display:flex;gap:1rem;list-style:none;margin:0;padding:0}
header nav a[aria-current=page]{font-weight:700;text-decoration:none}
.who{display:flex;gap:.75rem;align-items:center;color:var(--muted)}
main{max-width:60rem;margin:1.5rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--border);border-radius:.75rem}
main.narrow{max-width:26rem}
h1{font-size:1.4rem;margin-top:0}h2{font-size:1.1rem;margin-top:2rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select,textarea{box-sizing:border-box;padding:.5rem;border:1px solid var(--border);border-radius:.4rem;background:var(--bg);color:var(--fg);font:inherit}
main.narrow input{width:100%}
button{font:inherit;padding:.5rem .9rem;border-radius:.4rem;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);cursor:pointer}
button.secondary{background:transparent;color:var(--fg);border-color:var(--border)}
button.danger{background:transparent;color:var(--danger);border-color:var(--danger)}
form.inline{display:inline-flex;gap:.5rem;align-items:center;margin:0}
.row{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end}
.row label{margin-top:0}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.alert{border-inline-start:4px solid var(--danger);padding:.5rem .75rem;background:var(--bg)}
.notice{border-inline-start:4px solid var(--ok);padding:.5rem .75rem;background:var(--bg)}
.note{color:var(--muted);font-size:.9rem}
table{width:100%;border-collapse:collapse}
th,td{text-align:start;padding:.5rem;border-bottom:1px solid var(--border);vertical-align:middle}
code{font-size:.9rem;word-break:break-all}
td.action code{word-break:normal;white-space:nowrap}
a{color:var(--accent)}
fieldset{border:1px solid var(--border);border-radius:.5rem;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.scopes{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
label.check{display:inline-flex;gap:.35rem;align-items:center;font-weight:400;margin:.25rem 0}
dl.keys dd{margin:0 0 1rem}
section{margin-top:1.5rem}
ol.attempts{margin:0;padding:0;list-style:none}
td.url{min-width:12rem}td.url code{word-break:normal;overflow-wrap:anywhere}
form.replay-since{margin-top:1.5rem}
.stack{display:flex;flex-direction:column;align-items:flex-start;gap:.5rem}.stack label{margin-top:0}.stack .row{gap:.5rem}
a.action{display:inline-block;padding:.25rem 0}td.subscribed code{word-break:normal}
.events{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.state-off{color:var(--danger);font-weight:600}
.state-on{color:var(--ok);font-weight:600}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;margin:0}
caption{text-align:start}
.decide{margin-top:1rem}textarea{width:100%;max-width:36rem}
`;

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Headers of every dashboard page: strict CSP without any script, no framing, no caching. The referrer
 * policy is same-origin, not no-referrer: under no-referrer browsers send `Origin: null` on form posts,
 * and every post is checked against our origin. Other sites never see a dashboard URL.
 */
export const DASHBOARD_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'content-security-policy': CSP,
  'referrer-policy': 'same-origin',
} as const;

export type Section = 'team' | 'keys' | 'webhooks' | 'reviews' | 'rules' | 'usage' | 'sessions' | 'audit';

export interface Frame {
  title: string;
  body: string;
  /** Signed-in pages: the member and the CSRF token of the sign-out form. */
  member?: core.DashboardMember;
  csrf?: string;
  section?: Section;
  /** Tags added to the head (the passkey pages' script). */
  head?: string;
}

export function document(f: Frame): string {
  const header = f.member
    ? `<header>
<nav aria-label="Dashboard"><ul>
<li><a href="/dashboard/team"${f.section === 'team' ? ' aria-current="page"' : ''}>Team</a></li>
${(f.member.permissions ?? []).includes('keys.manage') ? `<li><a href="/dashboard/keys"${f.section === 'keys' ? ' aria-current="page"' : ''}>API keys</a></li>` : ''}
${(f.member.permissions ?? []).includes('webhooks.manage') ? `<li><a href="/dashboard/webhooks"${f.section === 'webhooks' ? ' aria-current="page"' : ''}>Webhooks</a></li>` : ''}
${(f.member.permissions ?? []).includes('reviews.decide') ? `<li><a href="/dashboard/reviews"${f.section === 'reviews' ? ' aria-current="page"' : ''}>Review queue</a></li>` : ''}
${(f.member.permissions ?? []).includes('rules.manage') ? `<li><a href="/dashboard/rules"${f.section === 'rules' ? ' aria-current="page"' : ''}>Rules</a></li>` : ''}
${(f.member.permissions ?? []).includes('usage.read') ? `<li><a href="/dashboard/usage"${f.section === 'usage' ? ' aria-current="page"' : ''}>Usage</a></li><li><a href="/dashboard/sessions"${f.section === 'sessions' ? ' aria-current="page"' : ''}>Sessions</a></li>` : ''}
<li><a href="/dashboard/audit"${f.section === 'audit' ? ' aria-current="page"' : ''}>Audit log</a></li>
</ul></nav>
<div class="who"><span>${esc(f.member.email)} · ${esc(roleName(f.member.role ?? ''))}</span>
<form class="inline" method="post" action="/dashboard/sign-out"><input type="hidden" name="csrf" value="${esc(f.csrf)}"><button class="secondary" type="submit">Sign out</button></form></div>
</header>`
    : '';
  return `<!doctype html>
<html lang="en" dir="ltr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(f.title)} · idgate dashboard</title><style>${CSS}</style>${f.head ?? ''}</head>
<body>${header}<main${f.member ? '' : ' class="narrow"'}>${f.body}</main></body></html>`;
}

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', developer: 'Developer', reviewer: 'Reviewer' };
export const roleName = (role: string): string => ROLE_NAMES[role] ?? role;

export const alert = (message: string | undefined) => (message ? `<p class="alert" role="alert">${esc(message)}</p>` : '');

export function signInPage(o: { error?: string; email?: string; notice?: string; passkey?: { head: string; box: string } }): string {
  return document({
    title: 'Sign in',
    head: o.passkey?.head,
    body: `<h1>Sign in to the dashboard</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}${alert(o.error)}
<form method="post" action="/dashboard/sign-in">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(o.email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit">Sign in</button></p>
</form>
${o.passkey?.box ?? ''}
<p class="note">Team members are invited by an owner of their team.</p>`,
  });
}

export function acceptInvitationPage(o: { token: string; error?: string }): string {
  return document({
    title: 'Join your team',
    body: `<h1>Join your team on idgate</h1>
${alert(o.error)}
<p>Choose a password to finish joining. It must be at least 12 characters long.</p>
<form method="post" action="/dashboard/invitations/${esc(o.token)}">
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="256" required>
<p><button type="submit">Join the team</button></p>
</form>`,
  });
}

export function teamPage(o: {
  member: core.DashboardMember;
  csrf: string;
  members: core.TeamMemberMessage[];
  notice?: string;
  error?: string;
  /** Shown once, when no mail could carry the invitation. */
  invitationUrl?: string;
  /** The member's own passkeys (passkeys.views.ts) and the script tag they need. */
  passkeys?: { head: string; section: string };
}): string {
  const manage = (o.member.permissions ?? []).includes('team.manage');
  const rows = o.members
    .map((m) => {
      const self = m.id === o.member.memberId;
      const controls =
        manage && !self
          ? `<td><form class="inline" method="post" action="/dashboard/team/${esc(m.id)}/role"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label class="visually-hidden" for="role-${esc(m.id)}">Role of ${esc(m.email)}</label>${roleSelect(`role-${m.id}`, m.role ?? '')}
<button class="secondary" type="submit">Change role</button></form>
<form class="inline" method="post" action="/dashboard/team/${esc(m.id)}/remove"><input type="hidden" name="csrf" value="${esc(o.csrf)}"><button class="danger" type="submit">Remove</button></form></td>`
          : manage
            ? '<td><span class="note">You</span></td>'
            : '';
      return `<tr><td>${esc(m.email)}</td><td>${esc(roleName(m.role ?? ''))}</td><td>${m.status === 'active' ? 'Active' : 'Invited'}</td><td>${m.lastSignInAt ? `<time datetime="${esc(m.lastSignInAt)}">${esc(shortTime(m.lastSignInAt))}</time>` : '—'}</td>${controls}</tr>`;
    })
    .join('\n');
  const invite = manage
    ? `<h2>Invite a member</h2>
<form method="post" action="/dashboard/team/invite"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<div class="row"><div><label for="invite-email">Email</label><input id="invite-email" name="email" type="email" required></div>
<div><label for="invite-role">Role</label>${roleSelect('invite-role', 'developer')}</div>
<div><button type="submit">Send invitation</button></div></div>
</form>
<p class="note">Owners manage the team and billing; developers manage keys, webhooks and rules; reviewers decide the review queue.</p>`
    : '';
  return document({
    title: 'Team',
    member: o.member,
    csrf: o.csrf,
    section: 'team',
    head: o.passkeys?.head,
    body: `<h1>Team</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}${alert(o.error)}
${o.invitationUrl ? `<p class="notice" role="status">No mail could be sent: give this link to the person you invited (shown once): <code>${esc(o.invitationUrl)}</code></p>` : ''}
<table><caption class="note">Members of your team</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Last sign-in</th>${manage ? '<th scope="col">Actions</th>' : ''}</tr></thead>
<tbody>${rows}</tbody></table>
${invite}
${o.passkeys?.section ?? ''}`,
  });
}

export function auditPage(o: { member: core.DashboardMember; csrf: string; entries: core.AuditEntryMessage[]; olderHref?: string }): string {
  const rows = o.entries
    .map((e) => {
      const details = Object.entries(JSON.parse(e.detailsJson ?? '{}') as Record<string, unknown>)
        .map(([k, v]) => `${esc(k)}: ${esc(v)}`)
        .join(', ');
      return `<tr><td><time datetime="${esc(e.at)}">${esc(shortTime(e.at ?? ''))}</time></td><td>${esc(e.actorLabel)}</td><td class="action"><code>${esc(e.action)}</code></td><td>${esc(e.targetType)} <code>${esc(e.targetId)}</code></td><td>${details}</td></tr>`;
    })
    .join('\n');
  return document({
    title: 'Audit log',
    member: o.member,
    csrf: o.csrf,
    section: 'audit',
    body: `<h1>Audit log</h1>
<p class="note">Every change made in this team, newest first. Secrets are never recorded.</p>
<table><thead><tr><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Object</th><th scope="col">Details</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nothing yet.</td></tr>'}</tbody></table>
${o.olderHref ? `<p><a href="${esc(o.olderHref)}">Older entries</a></p>` : ''}`,
  });
}

/** The scopes a restricted key may carry (docs/verify-api.md "API keys and scopes"). */
export const RESTRICTED_SCOPES = ['verify:init', 'verify:result', 'verify:status', 'tokens:verify', 'widget', 'review', '2fa', 'blacklist'] as const;

const KIND_NAMES: Record<string, string> = { secret: 'Secret key', public: 'Public key', restricted: 'Restricted key' };
const STATE_NAMES: Record<string, string> = { active: 'Active', expiring: 'Expires', expired: 'Expired', revoked: 'Revoked' };

export function keysPage(o: { member: core.DashboardMember; csrf: string; projects: core.DashboardProject[]; notice?: string }): string {
  const csrf = `<input type="hidden" name="csrf" value="${esc(o.csrf)}">`;
  const projects = o.projects
    .map((p) => {
      const rows = (p.keys ?? [])
        .map((k) => {
          const when = k.state === 'expiring' ? ` ${esc(shortTime(k.expiresAt ?? ''))}` : k.state === 'revoked' ? ` ${esc(shortTime(k.revokedAt ?? ''))}` : '';
          const action =
            k.kind === 'restricted' && k.state === 'active'
              ? `<form class="inline" method="post" action="/dashboard/keys/${esc(k.id)}/revoke">${csrf}<button class="danger" type="submit" aria-label="Revoke restricted key ${esc(k.hint ?? k.id)}">Revoke</button></form>`
              : '';
          return `<tr><td>${esc(KIND_NAMES[k.kind ?? ''] ?? k.kind)}</td><td><code>${esc(k.hint ?? '—')}</code></td><td>${esc((k.scopes ?? []).join(', '))}</td><td>${esc(STATE_NAMES[k.state ?? ''] ?? k.state)}${when}</td><td>${esc(shortTime(k.createdAt ?? ''))}</td><td>${action}</td></tr>`;
        })
        .join('\n');
      const scopes = RESTRICTED_SCOPES.map((sc) => `<label class="check"><input type="checkbox" name="scope:${sc}" value="1"> <code>${sc}</code></label>`).join(
        '',
      );
      const overlap = `<select id="overlap-${esc(p.id)}" name="overlap_hours"><option value="0">now</option><option value="1">in 1 hour</option><option value="24" selected>in 24 hours</option><option value="168">in 7 days</option></select>`;
      return `<section aria-labelledby="p-${esc(p.id)}"><h2 id="p-${esc(p.id)}">${esc(p.name)} <span class="note"><code>${esc(p.id)}</code> · API version ${esc(p.apiVersion)}</span></h2>
<table><thead><tr><th scope="col">Key</th><th scope="col">Value</th><th scope="col">Scopes</th><th scope="col">State</th><th scope="col">Created (UTC)</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>
<form method="post" action="/dashboard/keys/projects/${esc(p.id)}/roll">${csrf}
<fieldset><legend>Roll a key</legend><div class="row">
<div><label for="kind-${esc(p.id)}">Key</label><select id="kind-${esc(p.id)}" name="kind"><option value="secret">Secret key</option><option value="public">Public key</option></select></div>
<div><label for="overlap-${esc(p.id)}">The old key stops</label>${overlap}</div>
<div><button type="submit">Roll key</button></div></div></fieldset></form>
<form method="post" action="/dashboard/keys/projects/${esc(p.id)}/restricted">${csrf}
<fieldset><legend>New restricted key</legend><div class="scopes">${scopes}</div><p><button type="submit">Create restricted key</button></p></fieldset></form>
</section>`;
    })
    .join('\n');
  return document({
    title: 'API keys',
    member: o.member,
    csrf: o.csrf,
    section: 'keys',
    body: `<h1>Projects and API keys</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}
<p class="note">A key is shown once, when it is made. A rolled key keeps working until the time you choose; a revoked key stops within 30 seconds.</p>
${projects}
<h2>New project</h2>
<form method="post" action="/dashboard/keys/projects">${csrf}<div class="row"><div><label for="project-name">Name</label><input id="project-name" name="name" maxlength="100" required placeholder="Staging"></div><div><button type="submit">Create project</button></div></div></form>`,
  });
}

/** The one page that shows a new key; it is never shown again. */
export function keyCreatedPage(o: {
  member: core.DashboardMember;
  csrf: string;
  title: string;
  keys: { label: string; value: string }[];
  note?: string;
}): string {
  const rows = o.keys.map((k) => `<dt>${esc(k.label)}</dt><dd><code>${esc(k.value)}</code></dd>`).join('');
  return document({
    title: o.title,
    member: o.member,
    csrf: o.csrf,
    section: 'keys',
    body: `<h1>${esc(o.title)}</h1>
<p class="notice" role="status">Copy the key now: it is shown only on this page and cannot be shown again.</p>
<dl class="keys">${rows}</dl>
${o.note ? `<p>${esc(o.note)}</p>` : ''}
<p><a href="/dashboard/keys">Back to API keys</a></p>`,
  });
}

/**
 * The events of spec §6 an endpoint may subscribe to, in the spec's order; the checked ones are the default
 * subscription (everything but `test` and the alias). Mirrors core/src/webhooks/event-types.ts: core refuses
 * any other name with WEBHOOK_EVENTS_INVALID.
 */
export const WEBHOOK_EVENTS: readonly { name: string; note?: string; byDefault: boolean }[] = [
  { name: 'session.success', byDefault: true },
  { name: 'session.failed', byDefault: true },
  { name: 'session.canceled', byDefault: true },
  { name: 'session.expired', byDefault: true },
  { name: 'review.created', byDefault: true },
  { name: 'review.approved', byDefault: true },
  { name: 'review.rejected', byDefault: true },
  { name: 'test', note: 'the test button sends it whatever is ticked', byDefault: false },
  { name: 'session.completed', note: 'deprecated alias of session.success', byDefault: false },
];

const DISABLED_CAUSES: Record<string, string> = {
  manual: 'by a team member',
  consecutive_failures: 'after consecutive failed deliveries',
  gone: 'the receiver answered 410 Gone',
  target_refused: 'its address is not allowed (URL policy)',
};

function endpointState(e: core.DashboardWebhookEndpoint): string {
  if (e.enabled) {
    const failing = (e.consecutiveFailures ?? 0) > 0 ? ` · ${e.consecutiveFailures} failed in a row` : '';
    return `<span class="state-on">Enabled</span>${failing}`;
  }
  const cause = DISABLED_CAUSES[e.disabledReason ?? ''] ?? 'for an unknown reason';
  return `<span class="state-off">Disabled</span> — ${esc(cause)} (${esc(e.consecutiveFailures ?? 0)} failed in a row)`;
}

const overlapSelect = (id: string) =>
  `<select id="${esc(id)}" name="overlap_hours"><option value="0">now</option><option value="1">in 1 hour</option><option value="24" selected>in 24 hours</option><option value="168">in 7 days</option></select>`;

export function webhooksPage(o: {
  member: core.DashboardMember;
  csrf: string;
  projects: { id: string; name: string; apiVersion: string }[];
  endpoints: core.DashboardWebhookEndpoint[];
  notice?: string;
}): string {
  const csrf = `<input type="hidden" name="csrf" value="${esc(o.csrf)}">`;
  const sections = o.projects
    .map((p) => {
      const mine = o.endpoints.filter((e) => e.projectId === p.id);
      const rows = mine
        .map((e) => {
          const version = e.apiVersion ? esc(e.apiVersion) : `<span class="note">project's (${esc(p.apiVersion)})</span>`;
          const overlap =
            e.previousSecretExpiresAt && Date.parse(e.previousSecretExpiresAt) > Date.now()
              ? `<br><span class="note">Previous secret signs until ${esc(shortTime(e.previousSecretExpiresAt))}</span>`
              : '';
          const toggle = e.enabled
            ? `<form class="inline" method="post" action="/dashboard/webhooks/${esc(e.id)}/disable">${csrf}<button class="danger" type="submit" aria-label="Disable ${esc(e.url)}">Disable</button></form>`
            : `<form class="inline" method="post" action="/dashboard/webhooks/${esc(e.id)}/enable">${csrf}<button class="secondary" type="submit" aria-label="Enable ${esc(e.url)}">Enable</button></form>`;
          const test = e.enabled
            ? `<form class="inline" method="post" action="/dashboard/webhooks/${esc(e.id)}/test">${csrf}<button class="secondary" type="submit" aria-label="Send test event to ${esc(e.url)}">Send test event</button></form>`
            : '';
          return `<tr><td class="url"><code>${esc(e.url)}</code><br><span class="note"><code>${esc(e.id)}</code></span></td><td class="subscribed">${(e.events ?? []).map((x) => `<code>${esc(x)}</code>`).join(', ')}</td><td>${version}</td><td>${endpointState(e)}${overlap}</td>
<td><div class="stack"><a class="action" href="/dashboard/webhooks/${esc(e.id)}">Delivery log<span class="visually-hidden"> of ${esc(e.url)}</span></a>${test}${toggle}
<form method="post" action="/dashboard/webhooks/${esc(e.id)}/rotate">${csrf}<label for="overlap-${esc(e.id)}">Old secret stops</label><div class="row">${overlapSelect(`overlap-${e.id}`)}<button class="secondary" type="submit" aria-label="Rotate secret of ${esc(e.url)}">Rotate secret</button></div></form></div></td></tr>`;
        })
        .join('\n');
      const events = WEBHOOK_EVENTS.map(
        (ev) =>
          `<label class="check"><input type="checkbox" name="event:${esc(ev.name)}" value="1"${ev.byDefault ? ' checked' : ''}> <code>${esc(ev.name)}</code>${ev.note ? ` <span class="note">(${esc(ev.note)})</span>` : ''}</label>`,
      ).join('');
      return `<section aria-labelledby="wp-${esc(p.id)}"><h2 id="wp-${esc(p.id)}">${esc(p.name)} <span class="note"><code>${esc(p.id)}</code> · API version ${esc(p.apiVersion)}</span></h2>
${
  rows
    ? `<table><thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Version</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="note">No endpoint yet.</p>'
}
<form method="post" action="/dashboard/webhooks/projects/${esc(p.id)}">${csrf}
<fieldset><legend>New endpoint in ${esc(p.name)}</legend>
<div class="row"><div><label for="url-${esc(p.id)}">URL</label><input id="url-${esc(p.id)}" name="url" type="url" size="40" maxlength="2048" required placeholder="https://shop.example/hooks/idgate"></div>
<div><label for="version-${esc(p.id)}">Pin API version (optional)</label><input id="version-${esc(p.id)}" name="api_version" placeholder="YYYY-MM-DD"></div></div>
<fieldset><legend>Events</legend><div class="events">${events}</div></fieldset>
<p><button type="submit">Create endpoint</button></p></fieldset></form>
</section>`;
    })
    .join('\n');
  return document({
    title: 'Webhooks',
    member: o.member,
    csrf: o.csrf,
    section: 'webhooks',
    body: `<h1>Webhooks</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}
<p class="note">Each delivery is signed with the endpoint's secret (header <code>X-Service-Signature</code>); the secret is shown once, when it is made. After 5 failed deliveries in a row an endpoint is disabled; enable it to resume.</p>
${sections}`,
  });
}

/** The one page that shows a signing secret; it is never shown again. */
export function webhookSecretPage(o: {
  member: core.DashboardMember;
  csrf: string;
  title: string;
  endpoint: core.DashboardWebhookEndpoint;
  secret: string;
  note?: string;
}): string {
  return document({
    title: o.title,
    member: o.member,
    csrf: o.csrf,
    section: 'webhooks',
    body: `<h1>${esc(o.title)}</h1>
<p class="notice" role="status">Copy the signing secret now: it is shown only on this page and cannot be shown again.</p>
<dl class="keys"><dt>Endpoint</dt><dd><code>${esc(o.endpoint.url)}</code></dd><dt>Signing secret</dt><dd><code>${esc(o.secret)}</code></dd></dl>
${o.note ? `<p>${esc(o.note)}</p>` : ''}
<p><a href="/dashboard/webhooks">Back to webhooks</a></p>`,
  });
}

const DELIVERY_STATES: Record<string, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

export function deliveriesPage(o: {
  member: core.DashboardMember;
  csrf: string;
  endpoint: core.DashboardWebhookEndpoint;
  deliveries: WebhookDeliveryMessage[];
  notice?: string;
}): string {
  const csrf = `<input type="hidden" name="csrf" value="${esc(o.csrf)}">`;
  const e = o.endpoint;
  const rows = o.deliveries
    .map((d) => {
      const attempts = (d.attempts ?? [])
        .map(
          (a) =>
            `<li>#${esc(a.number)} <time datetime="${esc(a.signedAt)}">${esc(shortTime(a.signedAt ?? ''))}</time> · ${a.outcome === 'success' ? 'OK' : 'failed'} · ${a.statusCode ? `HTTP ${esc(a.statusCode)}` : esc(a.error ?? 'no answer')} · ${esc(a.durationMs)} ms</li>`,
        )
        .join('');
      const next = d.nextAttemptAt ? `<time datetime="${esc(d.nextAttemptAt)}">${esc(shortTime(d.nextAttemptAt))}</time>` : '—';
      const replay = e.enabled
        ? `<form class="inline" method="post" action="/dashboard/webhooks/${esc(e.id)}/replay">${csrf}<input type="hidden" name="event_id" value="${esc(d.eventId)}"><button class="secondary" type="submit" aria-label="Replay ${esc(d.eventId)}">Replay</button></form>`
        : '';
      return `<tr><td><code>${esc(d.eventId)}</code><br><span class="note">${esc(shortTime(d.createdAt ?? ''))}</span></td><td><code>${esc(d.eventType)}</code></td><td>${esc(DELIVERY_STATES[d.status ?? ''] ?? d.status)}</td><td>${attempts ? `<ol class="attempts">${attempts}</ol>` : '<span class="note">none yet</span>'}</td><td>${next}</td><td>${replay}</td></tr>`;
    })
    .join('\n');
  return document({
    title: 'Deliveries',
    member: o.member,
    csrf: o.csrf,
    section: 'webhooks',
    body: `<h1>Deliveries</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}
<p><code>${esc(e.url)}</code> · ${endpointState(e)}</p>
${e.enabled ? '' : '<p class="note">A disabled endpoint sends nothing and replays nothing: enable it on the webhooks page, and its waiting deliveries resume.</p>'}
<table><caption class="note">The 50 newest deliveries, newest first; times in UTC</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Next retry</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No delivery yet.</td></tr>'}</tbody></table>
${
  e.enabled
    ? `<form class="replay-since" method="post" action="/dashboard/webhooks/${esc(e.id)}/replay">${csrf}<div class="row"><div><label for="since">Replay all failed since (UTC)</label><input id="since" name="since" type="datetime-local" required></div><div><button type="submit">Replay all failed</button></div></div></form>
<p class="note">Replays every delivery of this endpoint not delivered (failed, or waiting for a retry) whose event is at or after that time, with the same event id and bytes, signed afresh.</p>`
    : ''
}
<p><a href="/dashboard/webhooks">Back to webhooks</a></p>`,
  });
}

/**
 * A reveal page opened again (a reload, back/forward) or by another session: the secret is not shown
 * twice; the page says how to get a new one.
 */
export function revealGonePage(o: { member: core.DashboardMember; csrf: string; kind: 'keys' | 'webhook'; state: 'already-shown' | 'unknown' }): string {
  const keys = o.kind === 'keys';
  const what = keys ? 'key' : 'signing secret';
  const title = o.state === 'already-shown' ? `This ${what} was already shown` : 'Nothing to show here';
  const why =
    o.state === 'already-shown'
      ? `A ${what} is shown once, on the page right after it is made; reloading that page does not show it again and does not make another.`
      : 'This link has expired, was already opened, or belongs to another session: a secret is shown once, within 5 minutes, to the session that made it.';
  const how = keys
    ? 'If you did not copy it, roll the key on the API keys page: you get a new one, and the old one keeps working for the overlap you choose.'
    : 'If you did not copy it, rotate the signing secret on the webhooks page: you get a new one, and the old one keeps signing for the overlap you choose.';
  const back = keys ? '<a href="/dashboard/keys">Back to API keys</a>' : '<a href="/dashboard/webhooks">Back to webhooks</a>';
  return document({
    title,
    member: o.member,
    csrf: o.csrf,
    section: keys ? 'keys' : 'webhooks',
    body: `<h1>${esc(title)}</h1>
<p class="notice" role="status">${esc(why)}</p>
<p>${esc(how)}</p>
<p>${back}</p>`,
  });
}

/** An action's error; `back` is the dashboard page the form was on (dashboardPageCameFrom), else the team page. */
export function errorPage(o: { title: string; message: string; member?: core.DashboardMember; csrf?: string; back?: string }): string {
  const back = o.back ? `<a href="${esc(o.back)}">Back to the page you were on</a>` : '<a href="/dashboard/team">Back to the dashboard</a>';
  return document({
    title: o.title,
    member: o.member,
    csrf: o.csrf,
    body: `<h1>${esc(o.title)}</h1>${alert(o.message)}<p>${back}</p>`,
  });
}

function roleSelect(id: string, selected: string): string {
  const options = ['owner', 'developer', 'reviewer'].map((r) => `<option value="${r}"${r === selected ? ' selected' : ''}>${roleName(r)}</option>`).join('');
  return `<select id="${esc(id)}" name="role">${options}</select>`;
}

/** `2026-11-26 10:04` (UTC): compact and unambiguous without a script to localise it. */
export function shortTime(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}
