import { describe, expect, it } from 'vitest';
import { PLAN_NAMES as CORE_PLANS } from '@idgate/core';
import { checkCommandLine, COMMANDS, parseArgs, PLAN_NAMES, runAdmin } from './admin-cli.ts';

/** The admin CLI's own checks of a command line (no service needed; test/e2e/admin-cli.test.ts drives it against one). */
describe('admin-cli command line', () => {
  it('knows the plans core knows', () => {
    expect([...PLAN_NAMES]).toEqual([...CORE_PLANS]);
  });

  it('a switch never takes the next word as its value; a valued flag does', () => {
    expect(parseArgs(['--json', 'tenant', 'update', '--suspend', '--id', 'ten_1'])).toMatchObject({
      command: 'tenant update',
      flags: { json: true, suspend: true, id: 'ten_1' },
    });
    expect(parseArgs(['tenant', 'update', '--id=ten_1', '--budget-cents', '-5'])).toMatchObject({ flags: { id: 'ten_1', 'budget-cents': '-5' } });
  });

  it('accepts every well-formed command line it documents', () => {
    for (const argv of [
      ['tenant', 'create', '--name', 'Shop', '--plan', 'free', '--json'],
      [
        'tenant',
        'update',
        '--id',
        'ten_1',
        '--plan',
        'growth',
        '--budget-cents',
        '0',
        '--suspend',
        '--top-up-checks',
        '10',
        '--top-up-verifications',
        '2147483647',
      ],
      ['tenant', 'update', '--id', 'ten_1', '--no-budget', '--unsuspend', '--json'],
      ['tenant', 'update', '--id', 'ten_1'],
      ['screening', 'check', '--name', 'A B', '--threshold', '0.85', '--birth-date', '1970-01-01', '--nationality', 'RU'],
      ['screening', 'check', '--name', 'A B', '--threshold', '1'],
      ['billing', 'ledger', '--tenant', 'ten_1', '--month', '2026-06'],
      [
        'webhook',
        'create',
        '--tenant',
        'ten_1',
        '--url',
        'https://a.example',
        '--events',
        'session.success,session.failed',
        '--api-version',
        '2026-11-01',
        '--project',
        'prj_1',
      ],
      ['webhook', 'rotate', '--id', 'we_1', '--overlap-seconds', '0'],
      ['webhook', 'rotate', '--id', 'we_1', '--overlap-seconds', '604800'],
      ['webhook', 'deliveries', '--id', 'we_1', '--limit', '100'],
      ['webhook', 'replay', '--id', 'we_1', '--event', 'evt_1'],
      ['webhook', 'replay', '--id', 'we_1', '--since', '2026-01-01T00:00:00Z', '--until', '2026-01-02T00:00:00Z'],
      ['oauth-client', 'create', '--tenant', 'ten_1', '--name', 'App', '--redirect-uri', 'https://a.example/cb,https://b.example/cb'],
      ['screening', 'status', '--json', '--json'],
    ])
      expect(checkCommandLine(argv), argv.join(' ')).toBeUndefined();
  });

  it('every numeric flag of every command is checked (integer, range)', () => {
    const numeric = Object.entries(COMMANDS).flatMap(([c, spec]) =>
      Object.entries(spec.flags)
        .filter(([, f]) => f.kind === 'int' || f.kind === 'fraction')
        .map(([n]) => `${c} --${n}`),
    );
    expect(numeric.sort()).toEqual([
      'mailbox --limit',
      'screening check --threshold',
      'tenant update --budget-cents',
      'tenant update --top-up-checks',
      'tenant update --top-up-verifications',
      'webhook deliveries --limit',
      'webhook rotate --overlap-seconds',
    ]);
    const base: Record<string, string[]> = {
      'tenant update': ['--id', 'ten_1'],
      'screening check': ['--name', 'A'],
      'webhook deliveries': ['--id', 'we_1'],
      'webhook rotate': ['--id', 'we_1'],
      mailbox: [],
    };
    const bad: Record<string, string[]> = {
      'budget-cents': ['abc', '-1', '1.5', '1e3', '', ' 5', '0x10', '9007199254740993', 'NaN', 'Infinity'],
      'top-up-checks': ['abc', '-1', '2.5', '2147483648', '4294967396', ''],
      'top-up-verifications': ['abc', '-1', '2147483648'],
      threshold: ['abc', '0', '1.01', '-0.5', '', 'NaN'],
      'overlap-seconds': ['abc', '-1', '604801', '1.5'],
      limit: ['abc', '0', '101', '999', '1000', '-3', '2.0'],
      // the development mailbox keeps 200 mails
      'mailbox limit': ['abc', '0', '201', '999', '-3', '2.0'],
    };
    for (const entry of numeric) {
      const [command, flag] = entry.split(' --');
      for (const value of bad[`${command} ${flag}`] ?? bad[flag]) {
        const argv = [...command.split(' '), ...base[command], `--${flag}=${value}`];
        expect(checkCommandLine(argv), argv.join(' ')).toEqual({ code: 'REQUEST_INVALID', message: expect.stringContaining(`--${flag} must be`) });
      }
    }
  });

  it('refuses unknown, repeated and contradictory flags, and switches given a value', () => {
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--budget-cent', '500'])).toEqual({
      code: 'USAGE',
      message: expect.stringMatching(
        /^Unknown flag --budget-cent for "tenant update" \(did you mean --budget-cents\?\)\. Its flags: --id ID \[--plan free\|basic\|starter\|growth\|scale\] \[--budget-cents N\] \[--no-budget\]/,
      ),
    });
    expect(checkCommandLine(['webhook', 'test', '--id', 'w', '--bogus-flag', '1'])).toEqual({
      code: 'USAGE',
      message: 'Unknown flag --bogus-flag for "webhook test". Its flags: --id ID [--json].',
    });
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--budget-cents', '1', '--budget-cents', '2'])?.message).toContain(
      '--budget-cents given more than once',
    );
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--suspend', '--unsuspend'])).toEqual({
      code: 'USAGE',
      message: '--suspend and --unsuspend contradict each other: give one of them.',
    });
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--budget-cents', '5', '--no-budget'])).toEqual({
      code: 'USAGE',
      message: '--budget-cents and --no-budget contradict each other: give one of them.',
    });
    expect(checkCommandLine(['webhook', 'replay', '--id', 'w', '--event', 'e', '--until', 'x'])?.message).toBe(
      '--event and --until contradict each other: give one of them.',
    );
    expect(checkCommandLine(['webhook', 'replay', '--id', 'w', '--until', 'x'])?.message).toBe('--until needs --since.');
    expect(checkCommandLine(['webhook', 'replay', '--id', 'w'])?.message).toMatch(/^webhook replay needs --event or --since\./);
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--suspend=false'])).toEqual({
      code: 'USAGE',
      message: '--suspend takes no value, got "false".',
    });
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--suspend', 'yes'])?.message).toMatch(/^Unexpected argument "yes" for "tenant update"/);
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--plan'])).toEqual({
      code: 'USAGE',
      message: '--plan needs a value: --plan free|basic|starter|growth|scale.',
    });
    expect(checkCommandLine(['tenant', 'create', '--name', 'X'])?.message).toMatch(
      /^tenant create needs --plan\. Usage: tenant create --name NAME --plan free\|basic/,
    );
  });

  it('refuses empty lists and values, unknown plans and malformed months', () => {
    expect(checkCommandLine(['webhook', 'create', '--tenant', 't', '--url', 'https://a.example', '--events', ''])).toEqual({
      code: 'REQUEST_INVALID',
      message: '--events must list at least one event type (comma-separated), got "".',
    });
    expect(checkCommandLine(['webhook', 'create', '--tenant', 't', '--url', 'https://a.example', '--events', ' , '])?.code).toBe('REQUEST_INVALID');
    expect(checkCommandLine(['key', 'create', '--project', 'p', '--scopes', ''])?.code).toBe('REQUEST_INVALID');
    expect(checkCommandLine(['oauth-client', 'create', '--tenant', 't', '--name', 'n', '--redirect-uri', ''])?.code).toBe('REQUEST_INVALID');
    expect(checkCommandLine(['tenant', 'get', '--id', ''])).toEqual({ code: 'REQUEST_INVALID', message: '--id must not be empty.' });
    expect(checkCommandLine(['tenant', 'create', '--name', 'X', '--plan', 'gold'])).toEqual({
      code: 'REQUEST_INVALID',
      message: '--plan must be one of free, basic, starter, growth, scale; got "gold".',
    });
    expect(checkCommandLine(['tenant', 'update', '--id', 't', '--plan', 'Free'])?.code).toBe('REQUEST_INVALID');
    expect(checkCommandLine(['billing', 'ledger', '--tenant', 't', '--month', '2026-13'])?.code).toBe('REQUEST_INVALID');
  });

  it('help lists every command with its flags, or the commands named; exit 0 without contacting the service', async () => {
    // BASE_URL points nowhere: help must not need the service.
    const env = { BASE_URL: 'http://127.0.0.1:1', ADMIN_TOKEN: 'adm_x' };
    const all = await runAdmin(['help'], env);
    expect(all.exitCode).toBe(0);
    const out = all.output as { usage: string; commands: Record<string, string> };
    expect(Object.keys(out.commands)).toEqual(Object.keys(COMMANDS));
    expect(out.commands['tenant create']).toContain('--name NAME');
    for (const argv of [
      ['help', 'webhook'],
      ['webhook', '--help'],
      ['-h', 'webhook'],
    ]) {
      const one = (await runAdmin(argv, env)).output as { commands: Record<string, string> };
      expect(
        Object.keys(one.commands).every((c) => c.startsWith('webhook ')),
        argv.join(' '),
      ).toBe(true);
      expect(Object.keys(one.commands)).toContain('webhook create');
    }
    expect(Object.keys(((await runAdmin(['help', 'tenant', 'create'], env)).output as { commands: object }).commands)).toEqual(['tenant create']);
  });
});
