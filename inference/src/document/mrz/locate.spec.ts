import { describe, expect, it } from 'vitest';
import { findMrzBands, mergeLineFragments, type LineBox } from './locate.ts';

const box = (cx: number, cy: number, width: number, height: number, angle = 0): LineBox => ({ cx, cy, width, height, angle, score: 0.9 });

describe('mergeLineFragments', () => {
  it('joins pieces of one line split at gaps, keeps other lines apart', () => {
    // The US EAD line 2: '5808175F100402' + faint '7COD<<' + '<<<<<<<<7'.
    const merged = mergeLineFragments([box(300, 175, 148, 13), box(386, 176, 34, 6), box(490, 175, 99, 10), box(384, 158, 314, 12)]);
    expect(merged).toHaveLength(2);
    const line2 = merged.find((b) => Math.abs(b.cy - 175) < 2)!;
    expect(line2.cx - line2.width / 2).toBeCloseTo(226, 0);
    expect(line2.cx + line2.width / 2).toBeCloseTo(539.5, 0);
  });
});

describe('findMrzBands', () => {
  it('groups two long equal lines and ranks them above printed text', () => {
    const printed = [box(400, 100, 420, 30), box(400, 140, 420, 30), box(400, 180, 420, 30)];
    const mrz = [box(400, 430, 660, 21), box(400, 465, 660, 21)];
    const [first] = findMrzBands([...printed, ...mrz]);
    expect(first.lines.map((l) => Math.round(l.cy))).toEqual([430, 465]);
  });

  it('widens a line the detector found only in part to the band', () => {
    const bands = findMrzBands([box(384, 158, 314, 12), box(383, 175, 313, 13), box(304, 194, 154, 12)]);
    expect(bands[0].lines).toHaveLength(3);
    expect(bands[0].lines[2].width).toBeCloseTo(314, 0);
    expect(bands[0].lines[2].cy).toBeCloseTo(194, 0);
  });

  it('follows vertical lines of a page turned a quarter', () => {
    const bands = findMrzBands([box(100, 400, 660, 21, Math.PI / 2), box(135, 400, 660, 21, Math.PI / 2)]);
    expect(bands[0].lines).toHaveLength(2);
  });

  it('finds nothing without long lines', () => {
    expect(findMrzBands([box(100, 100, 80, 20), box(100, 130, 80, 20)])).toEqual([]);
  });
});
