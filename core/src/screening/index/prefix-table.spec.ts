import { describe, expect, it } from 'vitest';
import { PrefixTable } from './prefix-table.ts';

describe('PrefixTable', () => {
  it('lists the words that extend a prefix, never the prefix itself or a neighbour', () => {
    const texts = ['montesinos', 'montes', 'montero', 'morales', 'mon', 'montesa', 'ramirez'];
    const found: string[] = [];
    new PrefixTable(texts).extensions('montes', (id) => found.push(texts[id]));
    expect(found.sort()).toEqual(['montesa', 'montesinos']);
    const none: number[] = [];
    new PrefixTable(texts).extensions('zz', (id) => none.push(id));
    expect(none).toEqual([]);
  });
});
