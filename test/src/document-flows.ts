import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { init, startWidget, tokenFromRedirect } from './flows.ts';
import type { TestService } from './harness.ts';

/** The hand-made IP-to-country table of the tests (loopback is US). */
export const TEST_IP_COUNTRY_DB = fileURLToPath(new URL('../fixtures/ip-country.csv', import.meta.url));

export interface DocumentSessionResult {
  start: { status: number; body: any };
  liveness: { status: number; body: any };
  /** The last document answer. */
  document: { status: number; body: any };
  /** Every document answer, retakes included (docs/widget.md "Retakes"). */
  documents: { status: number; body: any }[];
  widgetSession: string;
  /** The result token from the start of the flow (known to the tenant by webhook or callback). */
  token?: string;
}

/**
 * A whole document-path session through the widget-facing API: init (document mode unless the
 * body says otherwise) → widget start → liveness frame (the selfie) → document image (and its back
 * when given), sent again
 * while core offers a retake (an unreadable photo), unless `stopAtRetake`: the final outcome.
 */
export async function documentSession(
  svc: TestService,
  key: string,
  o: { selfie: Buffer; document: Buffer; back?: Buffer; initBody?: Record<string, unknown>; stopAtRetake?: boolean },
): Promise<DocumentSessionResult> {
  const i = await init(svc, key, { verification_mode: 'document', ...o.initBody });
  if (i.status !== 200) throw new Error(`init failed: ${i.status} ${JSON.stringify(i.body)}`);
  const start = await startWidget(svc, i.body.data.token);
  const widgetSession = start.body.data.widget_session as string;
  const headers = { 'x-widget-session': widgetSession };
  const liveness = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [o.selfie.toString('base64')] }, headers });
  const documents: { status: number; body: any }[] = [];
  do {
    documents.push(
      await svc.http('POST', '/verify/v1/widget/session/document', {
        body: { image: o.document.toString('base64'), ...(o.back ? { back_image: o.back.toString('base64') } : {}) },
        headers,
      }),
    );
  } while (!o.stopAtRetake && documents.length < 5 && documents.at(-1)!.body?.data?.retake_reason);
  const document = documents.at(-1)!;
  const redirect = document.body?.data?.redirect_url as string | undefined;
  return { start, liveness, document, documents, widgetSession, token: redirect ? tokenFromRedirect(redirect) : undefined };
}

export async function readResult(svc: TestService, key: string, token: string) {
  return svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': key } });
}

/** The verification count of an account this month (billing ledger). */
export async function verificationsBilled(svc: TestService, tenantId: string, month = '2026-06'): Promise<number> {
  const ledger = await svc.admin('GET', `/admin/v1/tenants/${tenantId}/ledger?month=${month}`);
  return ledger.lines.find((l: { kind: string }) => l.kind === 'verification')?.count ?? 0;
}

/** A raw query on the test database (PGlite or Postgres). */
export async function sql(svc: TestService, text: string, params: unknown[] = []): Promise<any[]> {
  const db = svc.database;
  return db.pglite ? (await db.pglite.query(text, params)).rows : (await db.pool!.query(text, params)).rows;
}

/** Domain events of a session in outbox order. */
export async function outboxTypes(svc: TestService, resultToken: string): Promise<string[]> {
  const row = await svc.core.container.repositories.sessions.findByResultTokenHash(createHash('sha256').update(resultToken).digest('hex'));
  const rows = await sql(svc, 'select type from outbox_events where session_id = $1 order by seq', [row?.id]);
  return rows.map((r) => r.type as string);
}

/** Every row of every table of the test database as text (for privacy scans). */
export async function everyRowAsText(svc: TestService): Promise<string> {
  const query = (text: string) => sql(svc, text);
  const tables = await query(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    for (const row of await query(`select t::text as line from "${table_name}" t`)) parts.push(`${table_name}: ${row.line}`);
  }
  return parts.join('\n');
}
