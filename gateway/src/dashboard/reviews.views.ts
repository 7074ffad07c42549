// The review queue pages of the tenant dashboard (docs/dashboard.md "Review queue"): the frame, escaping and
// styles of dashboard.views.ts; no script. A review shows the reason's context exactly as narrowed by core
// (matched names, scores, source lists; per-field verdicts), never a value read off a document.
import type { core } from '@idgate/protos';
import { alert, document, esc, shortTime } from './dashboard.views.ts';

export const REVIEW_STATUSES: Record<string, string> = {
  open: 'Waiting for a decision',
  approved: 'Approved',
  rejected: 'Rejected',
  retake_requested: 'Retake requested',
};
const REASONS: Record<string, string> = { aml_match: 'Sanctions or PEP list match', data_mismatch: 'Data mismatch' };
const VERDICTS: Record<string, string> = { match: 'Match', mismatch: 'Mismatch', not_on_document: 'Not on the document' };

type Context = {
  aml?: { matched_name?: string; matched_name_latin?: string; score?: number; source_lists?: string[] }[];
  data_match?: { fields?: Record<string, string> };
};

const contextOf = (r: core.DashboardReview): Context => JSON.parse(r.contextJson || '{}') as Context;
const reasonOf = (reason: string | undefined) => `${esc(REASONS[reason ?? ''] ?? reason)} <code>${esc(reason)}</code>`;
const when = (iso: string | undefined) => (iso ? `<time datetime="${esc(iso)}">${esc(shortTime(iso))}</time>` : '—');

function matchedName(h: NonNullable<Context['aml']>[number]): string {
  const latin = h.matched_name_latin && h.matched_name_latin !== h.matched_name ? ` (${esc(h.matched_name_latin)})` : '';
  return `${esc(h.matched_name)}${latin}`;
}

/** One line per hit or field, for the queue's table. */
function summary(r: core.DashboardReview): string {
  const c = contextOf(r);
  const hits = (c.aml ?? []).map(
    (h) => `${matchedName(h)} · score ${esc(h.score)} · ${(h.source_lists ?? []).map((l) => `<code>${esc(l)}</code>`).join(', ')}`,
  );
  const fields = Object.entries(c.data_match?.fields ?? {}).map(([f, v]) => `<code>${esc(f)}</code>: ${esc(VERDICTS[v] ?? v)}`);
  return [...hits, ...fields].join('<br>') || '—';
}

export function reviewsPage(o: {
  member: core.DashboardMember;
  csrf: string;
  reviews: core.DashboardReview[];
  projects: core.DashboardReviewProject[];
  projectId: string;
  status: string;
  truncated: boolean;
  /** The earlier and later pages of the queue (oldest first), when there are any. */
  prevHref?: string;
  nextHref?: string;
  notice?: string;
}): string {
  const pager = [
    o.prevHref ? `<a href="${esc(o.prevHref)}" rel="prev">Earlier reviews</a>` : '',
    o.nextHref ? `<a href="${esc(o.nextHref)}" rel="next">Later reviews</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const projectOptions = [
    `<option value="">All projects</option>`,
    ...o.projects.map((p) => `<option value="${esc(p.id)}"${p.id === o.projectId ? ' selected' : ''}>${esc(p.name)}</option>`),
  ].join('');
  const statusOptions = Object.entries(REVIEW_STATUSES)
    .map(([v, label]) => `<option value="${esc(v)}"${v === o.status ? ' selected' : ''}>${esc(label)}</option>`)
    .join('');
  const rows = o.reviews
    .map(
      (
        r,
      ) => `<tr><td>${when(r.createdAt)}</td><td>${esc(r.projectName)}</td><td>${reasonOf(r.reason)}</td><td>${summary(r)}</td><td>${esc(REVIEW_STATUSES[r.status ?? ''] ?? r.status)}${r.decidedBy ? `<br><span class="note">by ${esc(r.decidedBy)}</span>` : ''}</td>
<td><a href="/dashboard/reviews/${esc(r.id)}">Open<span class="visually-hidden"> review ${esc(r.id)}</span></a></td></tr>`,
    )
    .join('\n');
  return document({
    title: 'Review queue',
    member: o.member,
    csrf: o.csrf,
    section: 'reviews',
    body: `<h1>Review queue</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}
<p class="note">Sessions a person must decide: a possible sanctions or PEP list match, or data that did not match what you sent. The person waits until you approve, reject or ask for a retake. Oldest first.</p>
<form method="get" action="/dashboard/reviews"><div class="row">
<div><label for="project">Project</label><select id="project" name="project">${projectOptions}</select></div>
<div><label for="status">Status</label><select id="status" name="status">${statusOptions}</select></div>
<div><button class="secondary" type="submit">Show</button></div></div></form>
${
  rows
    ? `<table><caption class="note">${esc(REVIEW_STATUSES[o.status] ?? o.status)}: ${o.reviews.length}${o.truncated ? ' on this page (more remain)' : ''}</caption>
<thead><tr><th scope="col">Created (UTC)</th><th scope="col">Project</th><th scope="col">Reason</th><th scope="col">Context</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Open</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>No reviews here.</p>'
}
${pager ? `<nav aria-label="Pages"><p>${pager}</p></nav>` : ''}`,
  });
}

export function reviewPage(o: {
  member: core.DashboardMember;
  csrf: string;
  review: core.DashboardReview;
  notice?: string;
  error?: string;
  /** After a retake: the link for the person (single use), shown on this answer only. */
  retake?: { verifyUrl: string; expiresAt: string };
}): string {
  const r = o.review;
  const c = contextOf(r);
  const aml = c.aml?.length
    ? `<h2>List matches</h2>
<table><thead><tr><th scope="col">Matched name</th><th scope="col">Score</th><th scope="col">Source lists</th></tr></thead>
<tbody>${c.aml.map((h) => `<tr><td>${matchedName(h)}</td><td>${esc(h.score)}</td><td>${(h.source_lists ?? []).map((l) => `<code>${esc(l)}</code>`).join(', ')}</td></tr>`).join('\n')}</tbody></table>`
    : '';
  const fields = Object.entries(c.data_match?.fields ?? {});
  const data = fields.length
    ? `<h2>Data match</h2>
<table><thead><tr><th scope="col">Field you sent</th><th scope="col">Verdict</th></tr></thead>
<tbody>${fields.map(([f, v]) => `<tr><th scope="row"><code>${esc(f)}</code></th><td>${esc(VERDICTS[v] ?? v)}</td></tr>`).join('\n')}</tbody></table>
<p class="note">Verdicts only: the values read off the document are never kept.</p>`
    : '';
  const decide =
    r.status === 'open'
      ? `<h2>Decision</h2>
<form method="post" action="/dashboard/reviews/${esc(r.id)}/decide"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<label for="note">Note (optional, kept with the review)</label><textarea id="note" name="note" rows="3" cols="50" maxlength="2000"></textarea>
<div class="row decide"><button type="submit" name="decision" value="approve">Approve</button>
<button class="danger" type="submit" name="decision" value="reject">Reject</button>
<button class="secondary" type="submit" name="decision" value="retake">Ask for a retake</button></div>
</form>
<p class="note">Approve: the session succeeds (<code>review.approved</code>). Reject: it fails (<code>review.rejected</code>). Both bill one verification. A retake sends the person through a new, linked session; you get the link for them.</p>`
      : `<h2>Decision</h2>
<p>${esc(REVIEW_STATUSES[r.status ?? ''] ?? r.status)} by ${esc(r.decidedBy ?? '—')} at ${when(r.decidedAt)} UTC.</p>
${r.note ? `<p>Note: ${esc(r.note)}</p>` : ''}`;
  const retake = o.retake
    ? `<p class="notice" role="status">Send the person to this link to recapture (it works once, until ${esc(shortTime(o.retake.expiresAt))} UTC; it is not shown again): <code>${esc(o.retake.verifyUrl)}</code></p>`
    : '';
  return document({
    title: `Review ${r.id ?? ''}`,
    member: o.member,
    csrf: o.csrf,
    section: 'reviews',
    body: `<h1>Review <code>${esc(r.id)}</code></h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}${alert(o.error)}${retake}
<dl class="keys"><dt>Project</dt><dd>${esc(r.projectName)}</dd><dt>Reason</dt><dd>${reasonOf(r.reason)}</dd>
<dt>Created (UTC)</dt><dd>${when(r.createdAt)}</dd><dt>Session status</dt><dd><code>${esc(r.sessionStatus)}</code></dd></dl>
${aml}${data}${decide}
<p><a href="/dashboard/reviews">Back to the review queue</a></p>`,
  });
}
