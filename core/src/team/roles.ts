// What each role of a tenant's team may do in the dashboard. Core checks every action against this
// table (TeamService.authorize), so the rule holds whatever a page shows or a client sends.

export const ROLES = ['owner', 'developer', 'reviewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  // Team: invite, change roles, remove members.
  'team.manage',
  // Read the team list and the audit log.
  'team.read',
  // Projects and API keys: create, roll, restrict, revoke.
  'keys.manage',
  // Webhook endpoints: create, edit, rotate the secret, send a test event, replay, re-enable.
  'webhooks.manage',
  // The plan, the budget, top-up packs.
  'billing.manage',
  // Usage, the sessions list (no personal data) and the month's spend.
  'usage.read',
  // Approve, reject or ask for a retake in the review queue.
  'reviews.decide',
  // Rules: content category, restricted countries, server-side checks, reuse of service IDs,
  // blacklist entries, Face 2FA enrolments.
  'rules.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Owners do everything. Developers build the integration (keys, webhooks, rules) but never change what
 * the tenant pays or who is in the team. Reviewers decide reviews and read usage, nothing else.
 */
const GRANTS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  developer: ['team.read', 'keys.manage', 'webhooks.manage', 'usage.read', 'rules.manage'],
  reviewer: ['team.read', 'usage.read', 'reviews.decide'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** The permissions of a role, for the team page's "what each role may do". */
export function permissionsOf(role: Role): readonly Permission[] {
  return GRANTS[role];
}
