import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  appError,
  callUnary,
  ERROR_CATALOGUE,
  isAppError,
  isErrorCode,
  unstorableText,
  unstorableTextRefusal,
  type AppError,
  type CallContext,
  type DecisionClients,
  type ErrorCode,
  type core,
} from '@idgate/protos';
import { sessionTokenOf } from './dashboard-session.ts';
import { dashboardPageCameFrom } from './came-from.ts';
import { errorPage } from './dashboard.views.ts';
import { parseMultipart, type UploadedFile } from './multipart-form.ts';
import { blacklistPage, faceUserConfirmPage, faceUsersPage, rulesPage } from './rules.views.ts';
import { uploadedImage } from './uploaded-image.ts';

type Signed = { member: core.DashboardMember; token: string; csrf: string; ctx: CallContext };

/** What the section borrows from dashboard.routes.ts: the session checks and the page helpers. */
export interface DashboardKit {
  clients: DecisionClients;
  signedIn(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  signedPost(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  failed(reply: FastifyReply, s: Signed, err: unknown): FastifyReply;
  page(reply: FastifyReply, html: string, status?: number): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  field(req: FastifyRequest, name: string): string;
  /** The largest image the inference node takes (INFERENCE_MAX_IMAGE_BYTES): the upload form's limit. */
  maxImageBytes: number;
}

/** Room in an upload's body beside the image: the part headers, the CSRF token and the reason. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const NOTICES: Record<string, string> = {
  saved: 'Rules saved: they take effect within 30 seconds.',
  added: 'Added to the blacklist: it counts from the next face check.',
  image_added: 'The face in the image is added to the blacklist: it counts from the next face check. The image was not kept.',
  deleted: 'Entry deleted: it stops counting from the next face check.',
  user_deleted: "The user's enrolled face and challenges are deleted.",
  user_none: 'That user had no enrolled face in this project; nothing was left to delete.',
};

/**
 * The Rules section (docs/dashboard.md "Rules"): project rules, the account's blacklist and Face 2FA users,
 * behind `rules.manage` (checked by core). Posts answer 303 to the page with a notice; a refused change shows
 * the catalogue error with its status.
 */
export function dashboardRulesRoutes(scope: FastifyInstance, k: DashboardKit): void {
  const rules = k.clients.dashboardRules;
  const hide = { schema: { hide: true } };
  const noticeOf = (req: FastifyRequest) => NOTICES[(req.query as { notice?: string }).notice ?? ''];

  scope.get('/dashboard/rules', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const projectId = (req.query as { project?: string }).project ?? '';
      const shown = await callUnary(rules, 'getRules', { projectId }, s.ctx);
      return k.page(reply, rulesPage({ member: s.member, csrf: s.csrf, rules: shown, notice: noticeOf(req) }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/rules/projects/:project', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    const projectId = (req.params as { project?: string }).project ?? '';
    const custom = k.field(req, 'countries_mode') === 'custom';
    const methods = ['document', 'wallet', 'facial_estimate'].filter((m) => k.field(req, `method:${m}`) === '1');
    const days = k.field(req, 'token_max_age_days').trim();
    const change: core.SetProjectRulesRequest = {
      contentCategory: k.field(req, 'content_category'),
      useDefaultList: !custom,
      restrictedCountries: custom ? countriesOf(k.field(req, 'countries')) : [],
      serverSideChecks: k.field(req, 'server_side_checks') === '1',
      setTokenMethods: true,
      tokenMethods: methods,
      // Not a whole number of days (or 0, which the wire reads as "back to the default"): -1, which core refuses.
      tokenMaxAgeDays: /^\d{1,5}$/.test(days) && Number(days) > 0 ? Number(days) : -1,
    };
    try {
      await callUnary(rules, 'setRules', { projectId, change }, s.ctx);
      return k.seeOther(reply, `/dashboard/rules?project=${encodeURIComponent(projectId)}&notice=saved`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/blacklist', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const cursor = (req.query as { cursor?: string }).cursor;
      const list = await callUnary(rules, 'listBlacklist', { cursor: cursor || undefined }, s.ctx);
      const olderHref = list.nextCursor ? `/dashboard/blacklist?cursor=${encodeURIComponent(list.nextCursor)}` : undefined;
      return k.page(reply, blacklistPage({ member: s.member, csrf: s.csrf, entries: list.entries ?? [], olderHref, notice: noticeOf(req) }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/blacklist/session', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      await callUnary(rules, 'addBlacklistSession', { session: k.field(req, 'session'), reason: k.field(req, 'reason') }, s.ctx);
      return k.seeOther(reply, '/dashboard/blacklist?notice=added');
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  // The one upload of the dashboard, in a context of its own so that no other form accepts multipart.
  void scope.register(async (upload) => blacklistImageRoute(upload, k));

  scope.post('/dashboard/blacklist/:entry/delete', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      await callUnary(rules, 'deleteBlacklistEntry', { entryId: (req.params as { entry?: string }).entry ?? '' }, s.ctx);
      return k.seeOther(reply, '/dashboard/blacklist?notice=deleted');
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/face-2fa', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const q = req.query as { project?: unknown; cursor?: unknown };
      const projectId = typeof q.project === 'string' ? q.project : '';
      const cursor = typeof q.cursor === 'string' && q.cursor ? q.cursor : undefined;
      // Core checks rules.manage and that the project is the account's.
      const list = await callUnary(rules, 'listFaceUsers', { projectId, cursor }, s.ctx);
      const shown = list.projectId ?? '';
      const nextHref = list.nextCursor ? `/dashboard/face-2fa?${new URLSearchParams({ project: shown, cursor: list.nextCursor }).toString()}` : undefined;
      return k.page(
        reply,
        faceUsersPage({
          member: s.member,
          csrf: s.csrf,
          projects: list.projects ?? [],
          projectId: shown,
          users: list.users ?? [],
          nextHref,
          firstHref: cursor ? `/dashboard/face-2fa?project=${encodeURIComponent(shown)}` : undefined,
          notice: noticeOf(req),
        }),
      );
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/face-2fa/confirm', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      // The project is checked now (permission, owner), so the confirmation never offers another tenant's.
      const shown = await callUnary(rules, 'getRules', { projectId: k.field(req, 'project') || 'none' }, s.ctx);
      const project = (shown.projects ?? []).find((p) => p.id === shown.projectId) ?? { id: shown.projectId, name: shown.projectId };
      return k.page(reply, faceUserConfirmPage({ member: s.member, csrf: s.csrf, project, userId: k.field(req, 'user_id') }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/face-2fa/delete', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      const projectId = k.field(req, 'project');
      const out = await callUnary(rules, 'deleteFaceUser', { projectId, userId: k.field(req, 'user_id') }, s.ctx);
      const back = new URLSearchParams({ project: projectId, notice: out.deleted ? 'user_deleted' : 'user_none' });
      return k.seeOther(reply, `/dashboard/face-2fa?${back.toString()}`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });
}

/**
 * POST /dashboard/blacklist/image: a `multipart/form-data` form (image, reason, csrf). Refused before the body is
 * read without a session cookie (to sign-in) or over the size limit (IMAGE_TOO_LARGE); then the parts, the
 * CSRF token and Origin (the scope's hooks), the image's type and bytes. Core embeds the face through the
 * inference node as the verify API's image route does and keeps only the sealed embedding.
 */
function blacklistImageRoute(upload: FastifyInstance, k: DashboardKit): void {
  const rules = k.clients.dashboardRules;
  const limits = { maxParts: 8, maxFieldBytes: 8 * 1024, fileFields: new Set(['image']) };
  upload.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: k.maxImageBytes + FORM_OVERHEAD_BYTES }, (req, body, done) => {
    try {
      const form = parseMultipart(body as Buffer, String(req.headers['content-type'] ?? ''), limits);
      const issues = unstorableText(form.fields, ['body']);
      if (issues.length) return done(unstorableTextRefusal(issues), undefined);
      done(null, { ...form.fields, ...form.files });
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  upload.post(
    '/dashboard/blacklist/image',
    {
      schema: { hide: true },
      config: { bodyTooLarge: 'IMAGE_TOO_LARGE' },
      // Nobody signed in: nothing of the body is read.
      onRequest: async (req, reply) => {
        if (!sessionTokenOf(req)) return k.seeOther(reply, '/dashboard/sign-in');
      },
      // What fails before the handler (the body's size, its parts) is a dashboard page, not the API's JSON.
      errorHandler: (err: FastifyError | AppError, req, reply) => {
        const shown = isAppError(err) ? err : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? appError('IMAGE_TOO_LARGE') : undefined;
        if (!shown) throw err;
        void k.page(
          reply,
          errorPage({ title: 'That did not work', message: `${shown.message} (${shown.code})`, back: dashboardPageCameFrom(req) }),
          shown.httpStatus,
        );
      },
    },
    async (req, reply) => {
      const s = await k.signedPost(req, reply);
      if (!s) return reply;
      try {
        const image = uploadedImage((req.body as Record<string, UploadedFile | undefined>).image, k.maxImageBytes);
        const entry = await callUnary(rules, 'addBlacklistImage', { image, reason: k.field(req, 'reason') }, s.ctx);
        if (entry.status === 'active') return k.seeOther(reply, '/dashboard/blacklist?notice=image_added');
        // The node found no usable face: the entry failed and counts for nothing; say why.
        return k.failed(reply, s, appError(faceErrorOf(entry.errorCode), { message: failedImageMessage(entry) }));
      } catch (err) {
        // Each refusal names its catalogue code, as the API's answer would.
        return k.failed(reply, s, isAppError(err) ? appError(err.code, { message: `${err.message} (${err.code})` }) : err);
      }
    },
  );
}

function faceErrorOf(code: string | undefined): ErrorCode {
  return code && isErrorCode(code) ? code : 'INTERNAL';
}

/** Why the node refused the image, with the code (and FACE_QUALITY_LOW's reasons): never a score. */
function failedImageMessage(entry: core.BlacklistEntry): string {
  const code = faceErrorOf(entry.errorCode);
  const reasons = entry.errorReasons?.length ? `: ${entry.errorReasons.join(', ')}` : '';
  return `Nothing was added. ${ERROR_CATALOGUE[code].message} (${code}${reasons})`;
}

/** "us, GB de" → ["us", "GB", "de"]: core checks each code and upper-cases it. */
function countriesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}
