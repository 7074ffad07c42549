import { describe, expect, it } from 'vitest';
import { mayBeCutByMrz, mrzNameLength } from './mrz-name.ts';

describe('mrzNameLength', () => {
  it('counts the name as an MRZ name field writes it, in any of its usual forms', () => {
    // PALACIOS<<JUAN<CARLOS<MONTESIN is 30 characters.
    expect(mrzNameLength('PALACIOS<<JUAN<CARLOS<MONTESIN')).toBe(30);
    expect(mrzNameLength('PALACIOS, JUAN CARLOS MONTESIN')).toBe(30);
    expect(mrzNameLength('Juan Carlos Montesin Palacios')).toBe(30);
    expect(mrzNameLength("O'BRIEN, SEAN")).toBe('OBRIEN<<SEAN'.length);
    expect(mrzNameLength('AL-HADI, KARIM')).toBe('AL<HADI<<KARIM'.length);
    expect(mrzNameLength('MADONNA')).toBe(7);
  });
});

describe('mayBeCutByMrz', () => {
  it('holds for a name that fills a TD1 (30) or TD3 (39) name field exactly, and only then', () => {
    expect(mayBeCutByMrz('PALACIOS, JUAN CARLOS MONTESIN')).toBe(true);
    expect(mayBeCutByMrz('MONTERO<PALACIOS<<JUAN<CARLOS<AUGUSTINO')).toBe(true);
    expect(mrzNameLength('MONTERO<PALACIOS<<JUAN<CARLOS<AUGUSTINO')).toBe(39);
    expect(mayBeCutByMrz('PALACIOS, JUAN CARLOS MONTESI')).toBe(false);
    expect(mayBeCutByMrz('PALACIOS, JUAN CARLOS MONTESINO')).toBe(false);
    expect(mayBeCutByMrz('MONTERO<PALACIOS<<JUAN<CARLOS<AUGUSTIN')).toBe(false);
    expect(mayBeCutByMrz('MONTERO<PALACIOS<<JUAN<CARLOS<AUGUSTINOS')).toBe(false);
  });
});
