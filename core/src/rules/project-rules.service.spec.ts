import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError, type CallContext } from '@idgate/protos';
import { ManualClock } from '../lib/clock.ts';
import type { Principal } from '../tenancy/tenancy.service.ts';
import { DEFAULT_PROJECT_RULES, type ProjectRules } from './rules.ts';
import { ProjectRulesService } from './project-rules.service.ts';

/** Keys by value: the secret and public key of prj_1. */
const KEYS: Record<string, Principal> = {
  sk_1: { keyId: 'key_s', kind: 'secret', scopes: [], projectId: 'prj_1', accountId: 'acc_1' },
  pk_1: { keyId: 'key_p', kind: 'public', scopes: [], projectId: 'prj_1', accountId: 'acc_1' },
};

function setup() {
  const stored = new Map<string, ProjectRules>();
  let finds = 0;
  const rules = {
    async find(projectId: string): Promise<ProjectRules> {
      finds++;
      return stored.get(projectId) ?? DEFAULT_PROJECT_RULES;
    },
    async update(projectId: string, change: Partial<ProjectRules>): Promise<ProjectRules> {
      const next = { ...(stored.get(projectId) ?? DEFAULT_PROJECT_RULES), ...change };
      stored.set(projectId, next);
      return next;
    },
  };
  const tenancy = {
    async authenticate(apiKey: string | undefined): Promise<Principal> {
      const p = apiKey ? KEYS[apiKey] : undefined;
      if (!p) throw appError('AUTH_INVALID_KEY');
      return p;
    },
  };
  const service = new ProjectRulesService({ rules, tenancy, clock: new ManualClock(new Date('2026-05-01T00:00:00Z')) });
  return { service, stored, finds: () => finds };
}

const secret: CallContext = { apiKey: 'sk_1' };

describe('ProjectRulesService', () => {
  afterEach(() => vi.useRealTimers());

  it("shows the category's default list until the project sets its own (upper-cased, sorted, deduplicated)", async () => {
    const t = setup();
    expect(await t.service.get(secret)).toEqual({
      contentCategory: 'general',
      restrictedCountries: [],
      defaultList: true,
      serverSideChecks: false,
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    });
    const set = await t.service.set({ contentCategory: 'gambling', restrictedCountries: ['us', 'FR', 'us'], serverSideChecks: true }, secret);
    expect(set).toEqual({
      contentCategory: 'gambling',
      restrictedCountries: ['FR', 'US'],
      defaultList: false,
      serverSideChecks: true,
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    });
    expect(t.stored.get('prj_1')).toEqual({ ...DEFAULT_PROJECT_RULES, contentCategory: 'gambling', restrictedCountries: ['FR', 'US'], serverSideChecks: true });
    // A null list falls back to the category's own; server-side checks, not sent, stay on.
    const back = await t.service.set({ contentCategory: 'adult', restrictedCountries: null }, secret);
    expect(back).toEqual({
      contentCategory: 'adult',
      restrictedCountries: ['KR', 'US'],
      defaultList: true,
      serverSideChecks: true,
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    });
  });

  it('partial settings: a change with one field leaves every other field as it was', async () => {
    const t = setup();
    await t.service.set({ contentCategory: 'gambling', restrictedCountries: ['FR'], serverSideChecks: true }, secret);
    const all = {
      contentCategory: 'gambling',
      restrictedCountries: ['FR'],
      defaultList: false,
      serverSideChecks: true,
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    };
    expect(await t.service.set({}, secret)).toEqual(all);
    expect(await t.service.set({ contentCategory: 'adult' }, secret)).toEqual({ ...all, contentCategory: 'adult' });
    expect(await t.service.set({ serverSideChecks: false }, secret)).toEqual({ ...all, contentCategory: 'adult', serverSideChecks: false });
    expect(await t.service.set({ restrictedCountries: [] }, secret)).toEqual({
      contentCategory: 'adult',
      restrictedCountries: [],
      defaultList: false,
      serverSideChecks: false,
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    });
    // The reuse policy of path D: a list replaces the methods, null goes back to every method.
    expect(await t.service.set({ tokenMethods: ['wallet', 'document'], tokenMaxAgeDays: 30 }, secret)).toMatchObject({
      tokenMethods: ['document', 'wallet'],
      tokenMaxAgeDays: 30,
    });
    expect(await t.service.set({ tokenMethods: null, tokenMaxAgeDays: null }, secret)).toMatchObject({
      tokenMethods: ['document', 'wallet', 'facial_estimate'],
      tokenMaxAgeDays: 365,
    });
  });

  it('needs the secret key, and refuses invalid rules without saving them', async () => {
    const t = setup();
    await expect(t.service.get({ apiKey: 'pk_1' })).rejects.toMatchObject({ code: 'AUTH_SECRET_KEY_REQUIRED' });
    await expect(t.service.set({ restrictedCountries: null }, { apiKey: 'pk_1' })).rejects.toMatchObject({
      code: 'AUTH_SECRET_KEY_REQUIRED',
    });
    await expect(t.service.set({ contentCategory: 'weapons', restrictedCountries: null }, secret)).rejects.toMatchObject({
      code: 'REQUEST_INVALID',
    });
    await expect(t.service.set({ restrictedCountries: ['USA'] }, secret)).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.service.set({ tokenMethods: ['selfie'] }, secret)).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    for (const days of [0, 3651, 1.5]) await expect(t.service.set({ tokenMaxAgeDays: days }, secret)).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    expect(t.stored.size).toBe(0);
  });

  it('caches rulesFor for 30 s; a set through this service takes effect at once', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T00:00:00Z'), toFake: ['Date'] });
    const t = setup();
    expect((await t.service.rulesFor('prj_1')).contentCategory).toBe('general');
    t.stored.set('prj_1', { ...DEFAULT_PROJECT_RULES, contentCategory: 'alcohol' }); // another process wrote
    expect((await t.service.rulesFor('prj_1')).contentCategory).toBe('general');
    expect(t.finds()).toBe(1);
    vi.advanceTimersByTime(30_001);
    expect((await t.service.rulesFor('prj_1')).contentCategory).toBe('alcohol');
    await t.service.set({ contentCategory: 'tobacco' }, secret);
    expect((await t.service.rulesFor('prj_1')).contentCategory).toBe('tobacco');
  });
});
