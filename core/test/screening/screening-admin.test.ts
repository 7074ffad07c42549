import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError, type AppError, type core } from '@idgate/protos';
import { ScreeningEngine } from '../../src/screening/index.ts';
import { ScreeningAdminService } from '../../src/screening/screening-admin.service.ts';
import { tempDir } from './fixtures.ts';

const tmp = tempDir();
const engine = new ScreeningEngine();
const service = new ScreeningAdminService(engine);

function refusal(req: Parameters<ScreeningAdminService['screen']>[0]): AppError {
  try {
    service.screen(req);
  } catch (err) {
    if (isAppError(err)) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('ScreeningAdminService.screen', () => {
  beforeAll(async () => {
    await engine.refresh(tmp.write('list.json', `${JSON.stringify({ id: 'p1', schema: 'Person', properties: { name: ['Karim Haddad'] } })}\n`));
  });
  afterAll(() => tmp.cleanup());

  const requests: [core.ScreenNameRequest, string][] = [
    [{ name: '   ' }, 'name'],
    [{ name: '-.,;' }, 'name'],
    [{ name: 'Karim Haddad', birthDate: '1990-02-30' }, 'birth_date'],
    [{ name: 'Karim Haddad', birthDate: '30.02.1990' }, 'birth_date'],
    [{ name: 'Karim Haddad', nationality: 'X1' }, 'nationality'],
    [{ name: 'Karim Haddad', threshold: 1.5 }, 'threshold'],
  ];

  it.each(requests)('names the offending field of %j as the admin API body does (%s), never its value', (req, field) => {
    const err = refusal(req);
    expect(err.code).toBe('SCREENING_QUERY_INVALID');
    expect(err.details?.fields).toEqual([{ loc: ['body', field], msg: expect.stringMatching(new RegExp(`^${field} `)), type: 'value' }]);
    expect(err.message).toContain(field);
    for (const value of [req.birthDate, req.nationality].filter(Boolean)) expect(JSON.stringify({ m: err.message, d: err.details })).not.toContain(value);
  });

  it('answers a valid query with its hits, each with the Latin form of its name', () => {
    expect(service.screen({ name: 'HADDAD, Karim' }).hits).toEqual([
      expect.objectContaining({ entityId: 'p1', matchedName: 'Karim Haddad', matchedNameLatin: 'Karim Haddad' }),
    ]);
  });
});
