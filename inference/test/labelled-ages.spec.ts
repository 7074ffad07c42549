import { describe, expect, it } from 'vitest';
import { bandOf, parseCsv, summarise, type ImageOutcome } from './fixtures/index.ts';

describe('labelled age sets', () => {
  it('parses quoted fields with commas, doubled quotes and CRLF line ends', () => {
    const csv = 'file,age,dataset\r\na.jpg,11,"FG-NET (1002 images, 82 people)"\r\nb.jpg,40,"say ""hi"""\r\n';
    expect(parseCsv(csv)).toEqual([
      ['file', 'age', 'dataset'],
      ['a.jpg', '11', 'FG-NET (1002 images, 82 people)'],
      ['b.jpg', '40', 'say "hi"'],
    ]);
  });

  it('bands ages as the report does', () => {
    expect([0, 12, 13, 17, 18, 24, 25, 34, 35, 49, 50, 110].map(bandOf)).toEqual([
      '0-12',
      '0-12',
      '13-17',
      '13-17',
      '18-24',
      '18-24',
      '25-34',
      '25-34',
      '35-49',
      '35-49',
      '50+',
      '50+',
    ]);
  });

  it('counts shares over all images of a band, a refused image in no verdict', () => {
    const v = (verdict: 'pass' | 'fail' | 'undecided') => Object.fromEntries(['12', '15', '18', '21', '25'].map((g) => [g, verdict]));
    const rows: ImageOutcome[] = [
      { file: 'a', age: 30, dataset: 'd', estimate: 33, verdicts: v('pass') },
      { file: 'b', age: 31, dataset: 'd', estimate: 25, verdicts: v('undecided') },
      { file: 'c', age: 32, dataset: 'd', refused: 'FACE_NOT_FOUND' },
      { file: 'd', age: 29, dataset: 'd', estimate: 29, verdicts: v('fail') },
    ];
    const d = summarise(rows).d;
    expect(d).toMatchObject({ images: 4, refused: 1 });
    expect(d.gates['18']).toMatchObject({ passed: { '25-34': 0.25 }, failed: { '25-34': 0.25 }, undecided: { '25-34': 0.25 } });
    expect(d.mae['25-34']).toBeCloseTo((3 + 6 + 0) / 3, 2);
    expect(d.mae['0-12']).toBeNull();
  });
});
