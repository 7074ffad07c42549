import { describe, expect, it } from 'vitest';
import { KINDS, nextSide, sideHasZone } from './document-sides.ts';

describe('document sides', () => {
  it('a passport is one photo; an ID card and a licence are front then back', () => {
    expect(KINDS.map((k) => [k.kind, k.sides])).toEqual([
      ['passport', ['front']],
      ['id_card', ['front', 'back']],
      ['licence', ['front', 'back']],
    ]);
    const photo = new Blob(['x']);
    expect(nextSide({ kind: 'id_card', photos: {} })).toBe('front');
    expect(nextSide({ kind: 'id_card', photos: { front: photo } })).toBe('back');
    expect(nextSide({ kind: 'licence', photos: { back: photo } })).toBe('front');
    expect(nextSide({ kind: 'id_card', photos: { front: photo, back: photo } })).toBeUndefined();
    expect(nextSide({ kind: 'passport', photos: { front: photo } })).toBeUndefined();
  });

  it('the guidance expects an MRZ or barcode on a back and on a passport page, never on a card front', () => {
    expect(sideHasZone('id_card', 'front')).toBe(false);
    expect(sideHasZone('licence', 'front')).toBe(false);
    expect(sideHasZone('id_card', 'back')).toBe(true);
    expect(sideHasZone('licence', 'back')).toBe(true);
    expect(sideHasZone('passport', 'front')).toBe(true);
  });
});
