import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InferenceNode } from '@idgate/inference';
import { faceImage, hasNumberArray, inferenceReady, keysDeep, NO_FACE_JPEG, startTestInferenceNode, untilSettled } from '../src/face-fixtures.ts';
import { BACKENDS, startTestService, type TestService } from '../src/index.ts';
import { purgeRetainedData } from '@idgate/core';
import { verificationsBilled } from '../src/document-flows.ts';

/**
 * Face 2FA over HTTP (spec §1 "Face 2FA", §4.1; docs/face-2fa.md) with real models
 * on real fixture faces, on every storage backend. Fixture choice (checked against the models):
 * sarah_1/2 and obama_1/2 are live and match each other, brad_3 is another person,
 * spoof_real_T1 is live and spoof_fake_screen_F2 is a screen replay of the same person,
 * spoof_fake_print_F1 a printed photo, group_6_people has six faces.
 */

const image = faceImage;
const NO_FACE = NO_FACE_JPEG;
const NOT_AN_IMAGE = Buffer.from('not an image at all').toString('base64');
const MAX_IMAGE_BYTES = 1_000_000; // above every fixture used here
const CHALLENGE_FIELDS = ['challenge_id', 'completed_at', 'created_at', 'error', 'reason', 'status', 'type', 'user_id'];

let node: InferenceNode;
beforeAll(async () => {
  node = await startTestInferenceNode();
}, 120_000);
afterAll(async () => {
  await node?.close();
});

describe.each(BACKENDS)('Face 2FA on $name', (backend) => {
  let svc: TestService;

  beforeAll(async () => {
    // UPLOAD_CLIENT_MAX_IN_FLIGHT: one key's 10 parallel verifies below are about billing, not the upload budget (upload-budgets.test.ts).
    svc = await startTestService(backend, { INFERENCE_MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES), UPLOAD_CLIENT_MAX_IN_FLIGHT: '10' }, undefined, {
      inferenceNodes: [node.address],
    });
    await inferenceReady(svc);
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
  });

  const post = (kind: 'register' | 'verify', key: string, body: Record<string, unknown>) =>
    svc.http('POST', `/verify/v1/2fa/${kind}`, { body, headers: { 'x-api-key': key } });
  const status = (key: string, challengeId: string) => svc.http('GET', `/verify/v1/2fa/status/${challengeId}`, { headers: { 'x-api-key': key } });
  const deleteUser = (key: string, userId: string) =>
    svc.http('DELETE', `/verify/v1/2fa/users/${encodeURIComponent(userId)}`, { headers: { 'x-api-key': key } });

  /** The challenge once it left `processing` (or the last answer after 30 s). */
  const settle = (key: string, challengeId: string) => untilSettled(() => status(key, challengeId));

  /** POST register/verify (must be accepted: 202) and wait for the outcome; the settled challenge. */
  async function challenge(kind: 'register' | 'verify', key: string, userId: string, img: string) {
    const accepted = await post(kind, key, { user_id: userId, image: img });
    expect(accepted.status, accepted.text).toBe(202);
    const settled = await settle(key, accepted.body.data.challenge_id);
    expect(settled.status, settled.text).toBe(200);
    return settled.body.data;
  }

  /** A fresh tenant whose user `u-1` is enrolled with sarah_1. */
  async function enrolled() {
    const tenant = await svc.createTenant();
    const reg = await challenge('register', tenant.secret_key, 'u-1', image('sarah_1.jpg'));
    expect(reg).toMatchObject({ type: 'register', status: 'passed' });
    return tenant;
  }

  it("register then verify with another photo of the same person: both passed, with the contract's fields", async () => {
    const tenant = await svc.createTenant();
    const accepted = await post('register', tenant.secret_key, { user_id: 'u-1', image: image('sarah_1.jpg') });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ success: true });
    expect(accepted.body.data).toEqual({
      challenge_id: expect.stringMatching(/^fch_/),
      type: 'register',
      user_id: 'u-1',
      status: 'processing',
      reason: null,
      error: null,
      created_at: expect.any(String),
      completed_at: null,
    });
    const registered = (await settle(tenant.secret_key, accepted.body.data.challenge_id)).body.data;
    expect(registered).toEqual({ ...accepted.body.data, status: 'passed', completed_at: expect.any(String) });

    const verified = await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'));
    expect(Object.keys(verified).sort()).toEqual(CHALLENGE_FIELDS);
    expect(verified).toMatchObject({
      challenge_id: expect.stringMatching(/^fch_/),
      type: 'verify',
      user_id: 'u-1',
      status: 'passed',
      reason: null,
      error: null,
    });
    expect(verified.challenge_id).not.toBe(registered.challenge_id);
  });

  it("verify with another person's face: failed, face_mismatch", async () => {
    const tenant = await enrolled();
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('brad_3.jpg'))).toMatchObject({
      type: 'verify',
      status: 'failed',
      reason: 'face_mismatch',
      error: null,
      completed_at: expect.any(String),
    });
  });

  it('verify with a screen replay of the enrolled person: failed, liveness_failed', async () => {
    const tenant = await svc.createTenant();
    expect(await challenge('register', tenant.secret_key, 'u-spoof', image('spoof_real_T1.jpg'))).toMatchObject({ status: 'passed' });
    expect(await challenge('verify', tenant.secret_key, 'u-spoof', image('spoof_fake_screen_F2.jpg'))).toMatchObject({
      status: 'failed',
      reason: 'liveness_failed',
      error: null,
    });
  });

  it('register with a printed-photo spoof: failed, liveness_failed, and nothing is enrolled', async () => {
    const tenant = await svc.createTenant();
    expect(await challenge('register', tenant.secret_key, 'u-print', image('spoof_fake_print_F1.jpg'))).toMatchObject({
      type: 'register',
      status: 'failed',
      reason: 'liveness_failed',
    });
    const verify = await post('verify', tenant.secret_key, { user_id: 'u-print', image: image('spoof_real_T1.jpg') });
    expect(verify.status).toBe(404);
    expect(verify.body.error.code).toBe('FACE_2FA_NOT_ENROLLED');
  });

  it('verify without an enrollment: 404 FACE_2FA_NOT_ENROLLED and nothing billed', async () => {
    const tenant = await svc.createTenant();
    const r = await post('verify', tenant.secret_key, { user_id: 'nobody', image: image('sarah_2.jpg') });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, error: { code: 'FACE_2FA_NOT_ENROLLED' } });
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(0);
  });

  it('register with an image without a face: error FACE_NOT_FOUND (not a decision), nothing enrolled', async () => {
    const tenant = await svc.createTenant();
    const r = await challenge('register', tenant.secret_key, 'u-1', NO_FACE);
    expect(r).toMatchObject({ type: 'register', status: 'error', reason: null, error: { code: 'FACE_NOT_FOUND', message: expect.any(String) } });
    expect((await post('verify', tenant.secret_key, { user_id: 'u-1', image: image('sarah_2.jpg') })).body.error.code).toBe('FACE_2FA_NOT_ENROLLED');
  });

  it('verify with two or more faces in the image: error FACE_MULTIPLE, the enrollment unchanged', async () => {
    const tenant = await enrolled();
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('group_6_people.jpg'))).toMatchObject({
      status: 'error',
      reason: null,
      error: { code: 'FACE_MULTIPLE' },
    });
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'))).toMatchObject({ status: 'passed' });
  });

  it('verify with bytes that are no image: accepted (202), then error with an image code', async () => {
    const tenant = await enrolled();
    const r = await challenge('verify', tenant.secret_key, 'u-1', NOT_AN_IMAGE);
    expect(r).toMatchObject({ status: 'error', reason: null });
    expect(['IMAGE_UNDECODABLE', 'IMAGE_UNREADABLE']).toContain(r.error.code);
  });

  it('no answer ever carries a score, a similarity or an embedding', async () => {
    const tenant = await svc.createTenant();
    const bodies: unknown[] = [];
    const register = await post('register', tenant.secret_key, { user_id: 'u-1', image: image('sarah_1.jpg') });
    bodies.push(register.body, (await settle(tenant.secret_key, register.body.data.challenge_id)).body);
    for (const file of ['sarah_2.jpg', 'brad_3.jpg', 'group_6_people.jpg']) {
      const verify = await post('verify', tenant.secret_key, { user_id: 'u-1', image: image(file) });
      bodies.push(verify.body, (await settle(tenant.secret_key, verify.body.data.challenge_id)).body);
    }
    for (const body of bodies) {
      expect(keysDeep(body).filter((k) => /score|similar|embedding|distance|confidence|threshold|vector/i.test(k))).toEqual([]);
      expect(hasNumberArray(body)).toBe(false);
      expect(Object.keys((body as { data: object }).data).sort()).toEqual(CHALLENGE_FIELDS);
    }
  });

  it("a passed registration replaces the user's enrollment", async () => {
    const tenant = await enrolled();
    expect(await challenge('register', tenant.secret_key, 'u-1', image('obama_1.jpg'))).toMatchObject({ status: 'passed' });
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'))).toMatchObject({ status: 'failed', reason: 'face_mismatch' });
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('obama_2.jpg'))).toMatchObject({ status: 'passed' });
  });

  it('enrollments are per project: another project of the same tenant has none and cannot read the challenge', async () => {
    const tenant = await enrolled();
    const verified = await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'));
    const other = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/projects`, { name: 'staging' });
    const r = await post('verify', other.secret_key, { user_id: 'u-1', image: image('sarah_2.jpg') });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('FACE_2FA_NOT_ENROLLED');
    const foreign = await status(other.secret_key, verified.challenge_id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
  });

  it('another tenant cannot read a challenge, and an unknown id is 404 NOT_FOUND', async () => {
    const tenant = await enrolled();
    const verified = await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'));
    const stranger = await svc.createTenant();
    const foreign = await status(stranger.secret_key, verified.challenge_id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    const unknown = await status(tenant.secret_key, `fch_${randomBytes(12).toString('hex')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('keys: none is 401, the public key 403 AUTH_SECRET_KEY_REQUIRED, a restricted key needs scope 2fa', async () => {
    const tenant = await enrolled();
    const body = { user_id: 'u-1', image: image('sarah_2.jpg') };
    const none = await svc.http('POST', '/verify/v1/2fa/verify', { body });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('AUTH_REQUIRED');
    const pub = await post('verify', tenant.public_key, body);
    expect(pub.status).toBe(403);
    expect(pub.body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');

    const scoped = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes: ['2fa'] });
    expect(scoped.key).toMatch(/^ak_live_/);
    const accepted = await post('verify', scoped.key, body);
    expect(accepted.status).toBe(202);
    expect((await settle(scoped.key, accepted.body.data.challenge_id)).body.data.status).toBe('passed');

    for (const scopes of [['blacklist'], ['verify:init', 'verify:result']]) {
      const other = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes });
      for (const r of [
        await post('register', other.key, body),
        await post('verify', other.key, body),
        await status(other.key, accepted.body.data.challenge_id),
        await deleteUser(other.key, 'u-1'),
      ]) {
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe('AUTH_SCOPE_MISSING');
      }
    }
    expect((await deleteUser(tenant.public_key, 'u-1')).body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
    expect((await deleteUser(scoped.key, 'u-1')).body.data).toEqual({ user_id: 'u-1', deleted: true });
  });

  it("C-DATA-2: DELETE user removes the enrollment (face template) and the user's challenges; repeating it answers deleted: false", async () => {
    const tenant = await enrolled();
    const verified = await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'));
    const first = await deleteUser(tenant.secret_key, 'u-1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { user_id: 'u-1', deleted: true } });
    const again = await deleteUser(tenant.secret_key, 'u-1');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ user_id: 'u-1', deleted: false });
    expect((await deleteUser(tenant.secret_key, 'never-enrolled')).body.data).toEqual({ user_id: 'never-enrolled', deleted: false });

    const verify = await post('verify', tenant.secret_key, { user_id: 'u-1', image: image('sarah_2.jpg') });
    expect(verify.status).toBe(404);
    expect(verify.body.error.code).toBe('FACE_2FA_NOT_ENROLLED');
    const old = await status(tenant.secret_key, verified.challenge_id);
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe('NOT_FOUND');
  });

  it('DELETE user touches only that user of that project', async () => {
    const tenant = await enrolled();
    expect(await challenge('register', tenant.secret_key, 'u-2', image('obama_1.jpg'))).toMatchObject({ status: 'passed' });
    expect((await deleteUser(tenant.secret_key, 'u-1')).body.data.deleted).toBe(true);
    expect(await challenge('verify', tenant.secret_key, 'u-2', image('obama_2.jpg'))).toMatchObject({ status: 'passed' });
  });

  it('billing: a passed and a failed verify bill one verification each; register and error bill none', async () => {
    const tenant = await enrolled();
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(0); // register is free
    await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg')); // passed
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(1);
    await challenge('verify', tenant.secret_key, 'u-1', image('brad_3.jpg')); // failed
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(2);
    await challenge('verify', tenant.secret_key, 'u-1', NO_FACE); // error
    await challenge('register', tenant.secret_key, 'u-2', image('obama_1.jpg')); // register
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(2);
    const ledger = await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/ledger?month=2026-06`);
    expect(ledger.lines.find((l: { kind: string }) => l.kind === 'check')?.count ?? 0).toBe(0);
  });

  /** A free tenant with user u-1 enrolled and `used` of its 100 verifications billed (seeded in the ledger). */
  async function freeTenantWithVerificationsUsed(used: number) {
    const tenant = await svc.createTenant('free');
    expect(await challenge('register', tenant.secret_key, 'u-1', image('sarah_1.jpg'))).toMatchObject({ status: 'passed' });
    const billing = svc.core.container.repositories.billing;
    for (let i = 0; i < used; i++) {
      await billing.insertOnce({
        id: `seed_verification_${tenant.tenant_id}_${i}`,
        accountId: tenant.tenant_id,
        projectId: tenant.project_id,
        sessionId: null,
        idempotencyKey: `seed-verification-${i}`,
        kind: 'verification',
        month: '2026-06',
        included: 1,
        paidFrom: 'allowance',
        amountCents: 0,
        createdAt: svc.clock.now(),
      });
    }
    svc.clock.advance(1100); // admission answers are reused for up to 1 s
    return tenant;
  }

  it("verify answers 402 ALLOWANCE_EXHAUSTED once the free plan's verifications are used up; a top-up clears it", async () => {
    const tenant = await freeTenantWithVerificationsUsed(100);
    const refused = await post('verify', tenant.secret_key, { user_id: 'u-1', image: image('sarah_2.jpg') });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('ALLOWANCE_EXHAUSTED');
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(100);
    await svc.admin('PATCH', `/admin/v1/tenants/${tenant.tenant_id}`, { top_up_verifications: 10 });
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'))).toMatchObject({ status: 'passed' });
  });

  it('parallel verifies cannot share the last units of a free plan: with 2 left, 10 at once give exactly 2 challenges and 8 × 402', async () => {
    const tenant = await freeTenantWithVerificationsUsed(98);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('verify', tenant.secret_key, { user_id: 'u-1', image: image('sarah_2.jpg') })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, ...Array(8).fill(402)]);
    expect(answers.filter((a) => a.status === 402).every((a) => a.body.error.code === 'ALLOWANCE_EXHAUSTED')).toBe(true);
    for (const a of answers.filter((x) => x.status === 202))
      expect((await settle(tenant.secret_key, a.body.data.challenge_id)).body.data.status).toBe('passed');
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(100);
  });

  it('request validation: user_id, unknown fields and image encoding (400, IMAGE_EMPTY, 413 IMAGE_TOO_LARGE)', async () => {
    const tenant = await enrolled();
    const face = image('sarah_2.jpg');
    const invalid: Record<string, unknown>[] = [
      { image: face },
      { user_id: '', image: face },
      { user_id: 'x'.repeat(300), image: face },
      { user_id: 42, image: face },
      { user_id: 'u-1' },
      { user_id: 'u-1', image: face, threshold: 0.1 },
      { user_id: 'u-1', image: 'this is *not* base64!' },
    ];
    for (const kind of ['register', 'verify'] as const) {
      for (const body of invalid) {
        const r = await post(kind, tenant.secret_key, body);
        expect(r.status, `${kind} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(r.body.error.code).toBe('REQUEST_INVALID');
      }
      const empty = await post(kind, tenant.secret_key, { user_id: 'u-1', image: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error.code).toBe('IMAGE_EMPTY');
      const big = await post(kind, tenant.secret_key, { user_id: 'u-1', image: Buffer.alloc(MAX_IMAGE_BYTES + 1, 7).toString('base64') });
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('IMAGE_TOO_LARGE');
    }
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(0);
  });

  it('user_id: 100 characters register and can be deleted through the path; 101 are refused (the path parameter limit)', async () => {
    const tenant = await svc.createTenant();
    const longest = 'u'.repeat(100);
    expect(await challenge('register', tenant.secret_key, longest, image('obama_1.jpg'))).toMatchObject({ status: 'passed', user_id: longest });
    expect((await deleteUser(tenant.secret_key, longest)).body.data).toEqual({ user_id: longest, deleted: true });
    const tooLong = await post('register', tenant.secret_key, { user_id: 'u'.repeat(101), image: image('obama_1.jpg') });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('REQUEST_INVALID');
    // 60 emoji are 60 characters but 120 UTF-16 code units: refused, since the DELETE path could not carry them.
    expect((await post('register', tenant.secret_key, { user_id: '😀'.repeat(60), image: image('obama_1.jpg') })).status).toBe(400);
  });

  it('a face turned upside down or on its side is refused (FACE_QUALITY_LOW), never enrolled and never a pass', async () => {
    const tenant = await enrolled();
    const upsideDown = (
      await sharp(Buffer.from(image('sarah_2.jpg'), 'base64'))
        .rotate(180)
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const verify = await challenge('verify', tenant.secret_key, 'u-1', upsideDown);
    // The challenge says why, as an HTTP error's details.reasons would: the user can act on it.
    expect(verify).toMatchObject({ status: 'error', error: { code: 'FACE_QUALITY_LOW', reasons: ['face_rotated'] } });
    expect(verify.error.message).not.toMatch(/details/);
    const brad = (
      await sharp(Buffer.from(image('brad_2.jpg'), 'base64'))
        .rotate(90)
        .jpeg()
        .toBuffer()
    ).toString('base64');
    expect(await challenge('register', tenant.secret_key, 'u-2', brad)).toMatchObject({
      status: 'error',
      error: { code: 'FACE_QUALITY_LOW', reasons: ['face_rotated'] },
    });
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(0);
  });

  // Moves this service's clock by a day: keep it last.
  it('retention: a challenge left processing by a stopped process ends error FACE_CHECK_INTERRUPTED; challenges go after 24 h, the enrollment stays', async () => {
    const tenant = await enrolled();
    const passed = await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'));
    const { faces } = svc.core.container;
    const orphan = 'fch_orphanedByARestart00';
    await faces.repository.insertChallenge({
      id: orphan,
      projectId: tenant.project_id,
      externalUserId: 'u-1',
      type: 'verify',
      status: 'processing',
      reason: null,
      errorCode: null,
      errorReasons: null,
      createdAt: svc.clock.now(),
      completedAt: null,
    });
    const purge = () => purgeRetainedData({ ...svc.core.container.decisions.repositories, faces: faces.repository, clock: svc.clock });

    expect((await purge()).interrupted).toBe(0); // still within its deadline
    svc.clock.advance(3 * 60_000);
    await purge();
    expect((await status(tenant.secret_key, orphan)).body.data).toMatchObject({ status: 'error', error: { code: 'FACE_CHECK_INTERRUPTED' } });

    svc.clock.advance(24 * 3600_000);
    expect((await purge()).faceChallenges).toBeGreaterThanOrEqual(3);
    for (const id of [orphan, passed.challenge_id]) expect((await status(tenant.secret_key, id)).status).toBe(404);
    expect(await challenge('verify', tenant.secret_key, 'u-1', image('sarah_2.jpg'))).toMatchObject({ status: 'passed' });
  });
});
