// The dashboard's usage and billing page and its sessions list (docs/dashboard.md "Usage and billing",
// "Sessions"): server-rendered, no script, every value escaped. The sessions list shows no personal data.
import type { core } from '@idgate/protos';
import { document, esc, shortTime } from './dashboard.views.ts';

const PLAN_NAMES: Record<string, string> = { free: 'Free', basic: 'Basic', starter: 'Starter', growth: 'Growth', scale: 'Scale' };
const KIND_NAMES: Record<string, [string, string]> = { check: ['Check', 'Checks'], verification: ['Verification', 'Verifications'] };
const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-US');

/** `$1,234.56` from whole cents (plan prices are in US cents, docs/billing.md). */
export function money(cents: string | number | undefined): string {
  const n = Number(cents ?? 0);
  return `$${(n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Why init answers 402 now, in the page's words; each code keeps its own message (spec §7.2). */
function refusalText(code: string, kind: string, u: core.DashboardUsage): string {
  const plural = KIND_NAMES[kind]?.[1] ?? kind;
  if (code === 'PAYMENT_REQUIRED') return 'The account is suspended: init refuses every new session. Contact idgate to update the payment method.';
  if (code === 'ALLOWANCE_EXHAUSTED')
    return `No ${plural} are left: the ${PLAN_NAMES[u.plan ?? ''] ?? u.plan} plan's allowance and your top-ups are used up. A top-up clears it${u.planPeriod === 'monthly' ? ', or the next month' : ''}.`;
  if (code === 'BUDGET_EXCEEDED')
    return `This month's spend (${money(u.monthSpendCents)}) has reached the budget (${money(u.budgetCents)}). Raise or remove the budget, or wait for the next month.`;
  return code;
}

function monthShift(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export function usagePage(o: { member: core.DashboardMember; csrf: string; usage: core.DashboardUsage; notice?: string }): string {
  const u = o.usage;
  const month = u.month ?? '';
  const current = u.currentMonth ?? '';
  const manage = (o.member.permissions ?? []).includes('billing.manage');
  const lines = u.lines ?? [];

  // What init answers now: the same check init runs (core's assertCanStart).
  const refused = lines.filter((l) => l.refusal);
  const codes = [...new Set(refused.map((l) => l.refusal!))];
  const admission = codes.length
    ? `<div class="alert" role="alert"><p><strong>New sessions are refused now.</strong></p><ul>${codes
        .map((code) => {
          const kinds = refused.filter((l) => l.refusal === code).map((l) => KIND_NAMES[l.kind ?? '']?.[1] ?? l.kind);
          return `<li>Init answers <code>402 ${esc(code)}</code> for sessions that need ${esc(kinds.join(' or '))}: ${esc(refusalText(code, refused.find((l) => l.refusal === code)!.kind ?? '', u))}</li>`;
        })
        .join('')}</ul><p class="note">Sessions already in progress still finish and are billed.</p></div>`
    : '<p class="notice" role="status">Init admits new sessions now.</p>';

  const rows = lines
    .map((l) => {
      const name = KIND_NAMES[l.kind ?? '']?.[1] ?? l.kind;
      return `<tr><th scope="row">${esc(name)}</th><td>${count(l.count)}</td><td>${count((l.included ?? 0) - (l.topUp ?? 0))}</td><td>${count(l.topUp)}</td><td>${count(l.metered)}</td><td>${count(l.absorbed)}</td><td>${esc(money(l.amountCents))}</td></tr>`;
    })
    .join('\n');

  const leftRows = lines
    .map((l) => {
      const name = KIND_NAMES[l.kind ?? '']?.[1] ?? l.kind;
      return `<tr><th scope="row">${esc(name)}</th><td>${count(l.allowanceUsed)} of ${count(l.allowance)}</td><td>${count(l.topUpsLeft)} of ${count(l.topUpsBought)}</td><td>${count(l.left)}</td><td>${u.stopsAtAllowance ? 'refused (402 ALLOWANCE_EXHAUSTED)' : `metered at ${esc(l.overageCents)}¢ each`}</td></tr>`;
    })
    .join('\n');

  const plan = PLAN_NAMES[u.plan ?? ''] ?? u.plan ?? '';
  const period = u.planPeriod === 'one_time' ? 'one-time credit' : 'a month';
  const budgetNow = u.budgetCents !== undefined ? money(u.budgetCents) : undefined;
  let budget: string;
  if (!u.budgetApplies) {
    budget = `<p>The ${esc(plan)} plan stops at its allowance and has no metered spend, so it takes no budget. Budgets apply to the Starter, Growth and Scale plans.</p>`;
  } else {
    const state = budgetNow
      ? `<p>Budget: <strong>${esc(budgetNow)}</strong> a month. Spent this month: <strong>${esc(money(u.monthSpendCents))}</strong> (${esc(budgetShare(u))}). When spend reaches the budget, init answers <code>402 BUDGET_EXCEEDED</code> until the budget is raised or removed, or the month ends.</p>`
      : `<p>No budget: metered use is not capped. Spent this month: <strong>${esc(money(u.monthSpendCents))}</strong>.</p>`;
    const form = manage
      ? `<form method="post" action="/dashboard/usage/budget"><input type="hidden" name="csrf" value="${esc(o.csrf)}">
<fieldset><legend>Monthly budget</legend>
<label class="check"><input type="checkbox" name="enabled" value="1"${budgetNow ? ' checked' : ''}> Stop new sessions when this month's spend reaches the budget</label>
<div class="row"><div><label for="budget">Budget (US dollars a month)</label><input id="budget" name="budget" inputmode="decimal" pattern="[0-9]{1,9}([.][0-9]{1,2})?" value="${budgetNow ? esc((Number(u.budgetCents) / 100).toFixed(2)) : ''}" placeholder="500.00" aria-describedby="budget-note"></div>
<div><button type="submit">Save budget</button></div></div>
<p class="note" id="budget-note">A budget of 0 refuses every new session (a stop switch). Untick to remove the budget.</p></fieldset></form>`
      : '<p class="note">Only an owner can change the budget.</p>';
    budget = state + form;
  }

  const prev = monthShift(month, -1);
  const next = monthShift(month, 1);
  const switcher = `<nav aria-label="Month" class="row"><a href="/dashboard/usage?month=${esc(prev)}">← ${esc(prev)}</a>
${month < current ? `<a href="/dashboard/usage?month=${esc(next)}">${esc(next)} →</a>` : ''}
<form class="inline" method="get" action="/dashboard/usage"><label for="month" class="visually-hidden">Month</label><input id="month" name="month" type="month" value="${esc(month)}" max="${esc(current)}"><button class="secondary" type="submit">Show month</button></form></nav>`;

  return document({
    title: 'Usage and billing',
    member: o.member,
    csrf: o.csrf,
    section: 'usage',
    body: `<h1>Usage and billing</h1>
${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}
<p>Plan: <strong>${esc(plan)}</strong> — ${count(lines.find((l) => l.kind === 'check')?.allowance)} Checks and ${count(lines.find((l) => l.kind === 'verification')?.allowance)} Verifications ${esc(period)}${u.stopsAtAllowance ? '; new sessions stop at the allowance' : `; beyond it ${esc(lines.map((l) => `${l.overageCents}¢ a ${KIND_NAMES[l.kind ?? '']?.[0] ?? l.kind}`).join(', '))}`}.${u.suspended ? ' <strong>The account is suspended.</strong>' : ''}</p>
<h2>New sessions now</h2>
${admission}
<h2 id="month-h">${esc(month)}${month === current ? ' (this month)' : ''}</h2>
${switcher}
<table aria-labelledby="month-h"><thead><tr><th scope="col">Kind</th><th scope="col">Billed decisions</th><th scope="col">From the allowance</th><th scope="col">From top-ups</th><th scope="col">Metered</th><th scope="col">Absorbed</th><th scope="col">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="6">Spend in ${esc(month)}</th><td><strong>${esc(money(u.totalCents))}</strong></td></tr></tfoot></table>
<p class="note">Decisions are billed, attempts are not. Absorbed: decided after the allowance ran out by a session already in progress, at no charge.</p>
<h2>Left now</h2>
<table><thead><tr><th scope="col">Kind</th><th scope="col">Allowance used</th><th scope="col">Top-ups left</th><th scope="col">Left</th><th scope="col">Beyond that</th></tr></thead>
<tbody>${leftRows}</tbody></table>
<h2>Budget</h2>
${budget}
<h2>Top-ups</h2>
<p>Top-ups are extra Checks or Verifications, kept until used, across months, used before anything is metered. There are no packs to buy in the dashboard: idgate adds top-ups to your account on request.</p>`,
  });
}

function budgetShare(u: core.DashboardUsage): string {
  const budget = Number(u.budgetCents ?? 0);
  const spent = Number(u.monthSpendCents ?? 0);
  if (budget === 0) return 'a budget of 0 refuses every new session';
  return `${Math.floor((spent / budget) * 100)}% of the budget`;
}

const STATUS_NAMES: Record<string, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  success: 'Success',
  failed: 'Failed',
  canceled: 'Canceled',
  expired: 'Expired',
  pending_tenant_review: 'In review',
  awaiting_retake: 'Awaiting retake',
  retaken: 'Retaken',
};

export interface SessionFilters {
  project: string;
  status: string;
  from: string;
  to: string;
}

export function sessionsPage(o: {
  member: core.DashboardMember;
  csrf: string;
  list: core.DashboardSessionList;
  filters: SessionFilters;
  olderHref?: string;
  newerHref?: string;
}): string {
  const f = o.filters;
  const project = o.list.projectId ?? '';
  const projects = (o.list.projects ?? [])
    .map((p) => `<option value="${esc(p.id)}"${p.id === project ? ' selected' : ''}>${esc(p.name)} (${esc(p.id)})</option>`)
    .join('');
  const statuses = ['', ...Object.keys(STATUS_NAMES)]
    .map((s) => `<option value="${esc(s)}"${s === f.status ? ' selected' : ''}>${esc(s ? STATUS_NAMES[s] : 'Any status')}</option>`)
    .join('');
  const rows = (o.list.sessions ?? [])
    .map(
      (s) =>
        `<tr><td><time datetime="${esc(s.createdAt)}">${esc(shortTime(s.createdAt ?? ''))}</time></td><td>${s.completedAt ? `<time datetime="${esc(s.completedAt)}">${esc(shortTime(s.completedAt))}</time>` : '—'}</td><td>${esc(STATUS_NAMES[s.status ?? ''] ?? s.status)}</td><td>${s.verificationType ? `<code>${esc(s.verificationType)}</code>` : '—'}</td><td>${esc(s.path ?? '—')}</td><td>${esc(s.ipCountry ?? '—')}</td><td><code>${esc(s.id)}</code></td></tr>`,
    )
    .join('\n');
  const pager = [
    o.newerHref ? `<a href="${esc(o.newerHref)}" rel="prev">Newer sessions</a>` : '',
    o.olderHref ? `<a href="${esc(o.olderHref)}" rel="next">Older sessions</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return document({
    title: 'Sessions',
    member: o.member,
    csrf: o.csrf,
    section: 'sessions',
    body: `<h1>Sessions</h1>
<form method="get" action="/dashboard/sessions"><fieldset><legend>Filter</legend><div class="row">
<div><label for="f-project">Project</label><select id="f-project" name="project">${projects}</select></div>
<div><label for="f-status">Status</label><select id="f-status" name="status">${statuses}</select></div>
<div><label for="f-from">Created from (UTC)</label><input id="f-from" name="from" type="date" value="${esc(f.from)}"></div>
<div><label for="f-to">Created to (UTC)</label><input id="f-to" name="to" type="date" value="${esc(f.to)}"></div>
<div><button type="submit">Show</button></div></div></fieldset></form>
<table><caption class="note">Newest first, 50 a page; times in UTC. No personal data: the user id you sent and what a document says are not shown.</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Completed</th><th scope="col">Status</th><th scope="col">Verification type</th><th scope="col">Path</th><th scope="col">Country (IP)</th><th scope="col">Session</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No session matches.</td></tr>'}</tbody></table>
${pager ? `<nav aria-label="Pages"><p>${pager}</p></nav>` : ''}`,
  });
}
