// The dashboard's Rules section (docs/dashboard.md "Rules"): project rules, the account's blacklist and
// Face 2FA users. Pages as in dashboard.views.ts: no script, every value escaped, never an embedding.
import type { core } from '@idgate/protos';
import { document, esc } from './dashboard.views.ts';

const CATEGORY_NAMES: Record<string, string> = {
  general: 'General',
  alcohol: 'Alcohol',
  tobacco: 'Tobacco',
  gambling: 'Gambling',
  adult: 'Adult content',
};

const METHOD_NAMES: Record<string, string> = {
  document: 'Identity document',
  wallet: 'EU digital identity wallet',
  facial_estimate: 'Facial age estimate',
};

type Page = { member: core.DashboardMember; csrf: string; notice?: string };

const notice = (text: string | undefined) => (text ? `<p class="notice" role="status">${esc(text)}</p>` : '');
const hiddenCsrf = (csrf: string) => `<input type="hidden" name="csrf" value="${esc(csrf)}">`;
const shortTime = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** The section's three pages, linked from each other (one nav link in the header: "Rules"). */
function subNav(current: 'rules' | 'blacklist' | 'face-2fa'): string {
  const link = (href: string, key: typeof current, label: string) => `<li><a href="${href}"${key === current ? ' aria-current="page"' : ''}>${label}</a></li>`;
  return `<nav aria-label="Rules section"><ul class="scopes" style="list-style:none;padding:0;margin:0 0 1rem">${link('/dashboard/rules', 'rules', 'Project rules')}${link('/dashboard/blacklist', 'blacklist', 'Blacklist')}${link('/dashboard/face-2fa', 'face-2fa', 'Face 2FA users')}</ul></nav>`;
}

export function rulesPage(o: Page & { rules: core.DashboardRules }): string {
  const r = o.rules.rules ?? {};
  const projectId = o.rules.projectId ?? '';
  const projects = o.rules.projects ?? [];
  const categories = o.rules.categories ?? [];
  const methods = o.rules.proofMethods ?? [];
  const picker = projects.map((p) => `<option value="${esc(p.id)}"${p.id === projectId ? ' selected' : ''}>${esc(p.name)} (${esc(p.id)})</option>`).join('');
  const categoryOptions = categories
    .map((c) => `<option value="${esc(c.name)}"${c.name === r.contentCategory ? ' selected' : ''}>${esc(CATEGORY_NAMES[c.name ?? ''] ?? c.name)}</option>`)
    .join('');
  const defaults = categories
    .map(
      (c) =>
        `<li>${esc(CATEGORY_NAMES[c.name ?? ''] ?? c.name)}: ${(c.defaultCountries ?? []).length ? esc((c.defaultCountries ?? []).join(' ')) : 'none'}</li>`,
    )
    .join('');
  const inForce = (r.restrictedCountries ?? []).join(' ');
  const methodBoxes = methods
    .map(
      (m) =>
        `<label class="check"><input type="checkbox" name="method:${esc(m)}" value="1"${(r.tokenMethods ?? []).includes(m) ? ' checked' : ''}> ${esc(METHOD_NAMES[m] ?? m)} <code>${esc(m)}</code></label>`,
    )
    .join('');
  return document({
    title: 'Rules',
    member: o.member,
    csrf: o.csrf,
    section: 'rules',
    body: `<h1>Rules</h1>
${subNav('rules')}
${notice(o.notice)}
<form method="get" action="/dashboard/rules"><div class="row"><div><label for="project">Project</label><select id="project" name="project">${picker}</select></div><div><button class="secondary" type="submit">Show its rules</button></div></div></form>
<form method="post" action="/dashboard/rules/projects/${esc(projectId)}">${hiddenCsrf(o.csrf)}
<h2>Rules of ${esc(projects.find((p) => p.id === projectId)?.name ?? projectId)}</h2>
<label for="content_category">Content category</label><select id="content_category" name="content_category">${categoryOptions}</select>
<fieldset><legend>Restricted countries</legend>
<p class="note">Where a user must show an identity document (path C): an age estimate alone is not enough there.</p>
<label class="check"><input type="radio" name="countries_mode" value="default"${r.defaultList ? ' checked' : ''}> The category's default list</label>
<label class="check"><input type="radio" name="countries_mode" value="custom"${r.defaultList ? '' : ' checked'}> This project's own list</label>
<label for="countries">Own list: ISO 3166-1 alpha-2 codes, separated by commas or spaces</label>
<input id="countries" name="countries" size="50" maxlength="1000" aria-describedby="countries-now" value="${r.defaultList ? '' : esc(inForce)}" placeholder="US, GB, DE">
<p class="note" id="countries-now">In force now: ${inForce ? esc(inForce) : 'none'}${r.defaultList ? ' (the default list of the category)' : ''}. Default lists: </p><ul class="note">${defaults}</ul>
</fieldset>
<fieldset><legend>Server-side checks (path A)</legend>
<label class="check"><input type="checkbox" name="server_side_checks" value="1"${r.serverSideChecks ? ' checked' : ''}> Run the face checks on the server and refuse a verdict made on the device</label>
<p class="note">Needed for the blacklist to apply to path A: a face checked on the device never reaches the server.</p>
</fieldset>
<fieldset><legend>Reuse of a service ID's age (path D)</legend>
<fieldset><legend>Accepted proof methods</legend><div class="scopes">${methodBoxes}</div><p class="note">None ticked turns path D off.</p></fieldset>
<label for="token_max_age_days">Proof at most this old, in days (1 to ${esc(o.rules.maxTokenAgeDays)})</label>
<input id="token_max_age_days" name="token_max_age_days" type="number" min="1" max="${esc(o.rules.maxTokenAgeDays)}" required value="${esc(r.tokenMaxAgeDays)}">
</fieldset>
<p><button type="submit">Save rules</button></p>
<p class="note">A change takes effect within 30 seconds and is recorded in the audit log.</p>
</form>`,
  });
}

const SOURCE_NAMES: Record<string, string> = { session: 'Session', image: 'Image' };

export function blacklistPage(o: Page & { entries: core.BlacklistEntry[]; olderHref?: string }): string {
  const rows = o.entries
    .map(
      (e) =>
        `<tr><td><code>${esc(e.id)}</code></td><td><time datetime="${esc(e.createdAt)}">${esc(shortTime(e.createdAt ?? ''))}</time></td><td>${esc(SOURCE_NAMES[e.source ?? ''] ?? e.source)}</td><td>${esc(e.reason)}</td>
<td><form class="inline" method="post" action="/dashboard/blacklist/${esc(e.id)}/delete">${hiddenCsrf(o.csrf)}<button class="danger" type="submit" aria-label="Delete entry ${esc(e.id)}">Delete</button></form></td></tr>`,
    )
    .join('\n');
  return document({
    title: 'Blacklist',
    member: o.member,
    csrf: o.csrf,
    section: 'rules',
    body: `<h1>Blacklist</h1>
${subNav('blacklist')}
${notice(o.notice)}
<p class="note">A face on this list fails every later server-side face check and Face 2FA check of your account's projects with the reason <code>blacklist_match</code>. The list is your account's: all your projects share it. Faces are kept as sealed embeddings, never shown.</p>
<table><caption class="note">Active entries, newest first; times in UTC</caption>
<thead><tr><th scope="col">Entry</th><th scope="col">Created</th><th scope="col">Source</th><th scope="col">Reason</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No entry.</td></tr>'}</tbody></table>
${o.olderHref ? `<p><a href="${esc(o.olderHref)}">Older entries</a></p>` : ''}
<h2>Add the person of a session</h2>
<form method="post" action="/dashboard/blacklist/session">${hiddenCsrf(o.csrf)}
<div class="row"><div><label for="session">Session: its result token (<code>xtk_…</code>) or id</label><input id="session" name="session" size="40" maxlength="100" required autocomplete="off"></div>
<div><label for="reason">Reason</label><input id="reason" name="reason" size="30" maxlength="500" required></div>
<div><button type="submit">Add to blacklist</button></div></div></form>
<p class="note">A decided session of any of your projects whose face the server checked, within 24 hours (the selfie is kept that long). A session decided on the device has no selfie to add.</p>
<h2>Add the face in an image</h2>
<form method="post" action="/dashboard/blacklist/image" enctype="multipart/form-data">${hiddenCsrf(o.csrf)}
<div class="row"><div><label for="image">Photo (JPEG, PNG or WebP; one face)</label><input id="image" name="image" type="file" accept="image/jpeg,image/png,image/webp" required></div>
<div><label for="image_reason">Reason</label><input id="image_reason" name="reason" size="30" maxlength="500" required></div>
<div><button type="submit">Add to blacklist</button></div></div></form>
<p class="note">The face is found and turned into a sealed embedding on the server; the image itself is not kept. A photo with no face, several faces or an unusable face adds nothing and says why.</p>`,
  });
}

export function faceUsersPage(
  o: Page & {
    projects: core.DashboardRulesProject[];
    projectId: string;
    users: core.DashboardFaceUser[];
    /** The next page of users, and the first one when this page is not it. */
    nextHref?: string;
    firstHref?: string;
  },
): string {
  const options = o.projects
    .map((p) => `<option value="${esc(p.id)}"${p.id === o.projectId ? ' selected' : ''}>${esc(p.name)} (${esc(p.id)})</option>`)
    .join('');
  const time = (iso: string | undefined) => (iso ? `<time datetime="${esc(iso)}">${esc(shortTime(iso))}</time>` : '—');
  const rows = o.users
    .map(
      (u) => `<tr><td><code>${esc(u.userId)}</code></td><td>${time(u.enrolledAt)}</td><td>${time(u.lastVerifiedAt)}</td>
<td><form class="inline" method="post" action="/dashboard/face-2fa/confirm">${hiddenCsrf(o.csrf)}<input type="hidden" name="project" value="${esc(o.projectId)}"><input type="hidden" name="user_id" value="${esc(u.userId)}"><button class="danger" type="submit" aria-label="Delete user ${esc(u.userId)}…">Delete…</button></form></td></tr>`,
    )
    .join('\n');
  const pager = [o.firstHref ? `<a href="${esc(o.firstHref)}">First users</a>` : '', o.nextHref ? `<a href="${esc(o.nextHref)}" rel="next">More users</a>` : '']
    .filter(Boolean)
    .join(' · ');
  return document({
    title: 'Face 2FA users',
    member: o.member,
    csrf: o.csrf,
    section: 'rules',
    body: `<h1>Face 2FA users</h1>
${subNav('face-2fa')}
${notice(o.notice)}
<form method="get" action="/dashboard/face-2fa"><div class="row"><div><label for="project">Project</label><select id="project" name="project">${options}</select></div>
<div><button class="secondary" type="submit">Show</button></div></div></form>
<p class="note">Deleting a user removes their enrolled face and their challenges in that project (for an erasure request), after a confirmation. Faces are kept as sealed embeddings, never shown.</p>
<table><caption class="note">Enrolled users by user id, 50 a page; times in UTC. Last check: the newest verify challenge, kept 24 hours.</caption>
<thead><tr><th scope="col">User id</th><th scope="col">Enrolled</th><th scope="col">Last check</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No enrolled user.</td></tr>'}</tbody></table>
${pager ? `<nav aria-label="Pages"><p>${pager}</p></nav>` : ''}
<h2>Delete a user by id</h2>
<form method="post" action="/dashboard/face-2fa/confirm">${hiddenCsrf(o.csrf)}<input type="hidden" name="project" value="${esc(o.projectId)}">
<div class="row"><div><label for="user_id">User id</label><input id="user_id" name="user_id" size="30" maxlength="100" required autocomplete="off"></div>
<div><button class="danger" type="submit">Delete user…</button></div></div></form>`,
  });
}

/** The confirmation step: nothing is deleted until this page's button is pressed. */
export function faceUserConfirmPage(o: Page & { project: core.DashboardRulesProject; userId: string }): string {
  return document({
    title: 'Delete a Face 2FA user',
    member: o.member,
    csrf: o.csrf,
    section: 'rules',
    body: `<h1>Delete a Face 2FA user?</h1>
<p>User <code>${esc(o.userId)}</code> of ${esc(o.project.name)} (<code>${esc(o.project.id)}</code>): their enrolled face and challenges are deleted. They must register again to use Face 2FA. This cannot be undone.</p>
<form method="post" action="/dashboard/face-2fa/delete">${hiddenCsrf(o.csrf)}<input type="hidden" name="project" value="${esc(o.project.id)}"><input type="hidden" name="user_id" value="${esc(o.userId)}">
<div class="row"><button class="danger" type="submit">Delete user</button><a href="/dashboard/face-2fa?project=${esc(encodeURIComponent(o.project.id ?? ''))}">Cancel</a></div></form>`,
  });
}
