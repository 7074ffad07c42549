import { describe, expect, it } from 'vitest';
import { EntityFormatError, parseEntityLine } from './ftm-entity.ts';

const person = {
  id: 'NK-1',
  schema: 'Person',
  caption: 'A B',
  properties: {
    name: ['Tharwat Salah Shihata'],
    alias: ['Salah Shihata Thirwat', 'A B C, D E F, G H'],
    weakAlias: ['Abu Omar'],
    birthDate: ['1960-06-29', '1961'],
    nationality: ['EG'],
    citizenship: ['eg'],
    country: ['eg', 'gb-nir'],
    birthCountry: ['eg'],
    topics: ['sanction'],
  },
  datasets: ['un_sc_sanctions'],
  last_change: '2024-05-28T15:51:35',
};

describe('parseEntityLine', () => {
  it('keeps what matching needs from a Person, whatever the key order or spacing', () => {
    const change = parseEntityLine(JSON.stringify(person, null, 1).replace(/\n/g, ' '));
    expect(change.op).toBe('upsert');
    if (change.op !== 'upsert' || !change.person) throw new Error('expected a person');
    expect(change.person.names).toEqual([
      { value: 'Tharwat Salah Shihata', weak: false },
      { value: 'Salah Shihata Thirwat', weak: false },
      { value: 'A B C', weak: false },
      { value: 'D E F', weak: false },
      { value: 'G H', weak: false },
      { value: 'Abu Omar', weak: true },
    ]);
    expect(change.person.birthDates).toEqual(['1960-06-29', '1961']);
    expect(change.person.nationalities).toEqual(['eg']);
    expect(change.person.otherCountries).toEqual(['eg', 'gb-nir']);
    expect(change.person.datasets).toEqual(['un_sc_sanctions']);
    expect(change.lastChange).toBe('2024-05-28T15:51:35');
  });

  it('builds a name from name parts when a Person has no name', () => {
    const change = parseEntityLine(JSON.stringify({ id: 'x', schema: 'Person', properties: { firstName: ['Ann'], lastName: ['Lee'] } }));
    expect(change.op === 'upsert' && change.person?.names).toEqual([{ value: 'Ann Lee', weak: false }]);
  });

  it('reads delta lines: ADD and MOD carry an entity, DEL only an id', () => {
    expect(parseEntityLine(JSON.stringify({ op: 'MOD', entity: person })).op).toBe('upsert');
    expect(parseEntityLine(JSON.stringify({ op: 'DEL', entity: { id: 'NK-1' } }))).toEqual({ op: 'delete', id: 'NK-1' });
  });

  it('passes other schemas through without a person', () => {
    const change = parseEntityLine(JSON.stringify({ id: 's-1', schema: 'Sanction', properties: { entity: ['NK-1'] } }));
    expect(change).toEqual({ op: 'upsert', id: 's-1', person: null, lastChange: null });
  });

  it('rejects broken lines without quoting them', () => {
    const bad = ['{"id": "NK-1", "schema": "Per', '[1,2]', '{"schema":"Person"}', '{"op":"PATCH","entity":{"id":"x"}}'];
    for (const line of bad) {
      expect(() => parseEntityLine(line)).toThrow(EntityFormatError);
      try {
        parseEntityLine(line);
      } catch (err) {
        expect((err as Error).message).not.toContain('Per');
      }
    }
  });
});
