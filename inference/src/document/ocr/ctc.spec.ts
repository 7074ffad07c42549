import { describe, expect, it } from 'vitest';
import { ctcGreedyDecode } from './ctc.ts';

// Classes: 0 blank, 1 'A', 2 '<', 3 a CJK look-alike of '<', 4 'K'.
const classes = ['', 'A', '<', 'く', 'K'];
const allowed = Int32Array.from([1, 2, 4]);

function probs(rows: number[][]): Float32Array {
  return Float32Array.from(rows.flat());
}

describe('ctcGreedyDecode', () => {
  it('collapses repeats and keeps characters separated by a blank', () => {
    const p = probs([
      [0.1, 0.9, 0, 0, 0],
      [0.1, 0.9, 0, 0, 0],
      [0.9, 0.1, 0, 0, 0],
      [0.1, 0.9, 0, 0, 0],
      [0.2, 0, 0.8, 0, 0],
    ]);
    expect(ctcGreedyDecode(p, 5, 5, allowed, classes).text).toBe('AA<');
  });

  it('emits the best allowed character when a disallowed one wins the step', () => {
    const p = probs([[0.1, 0, 0.3, 0.6, 0]]);
    const line = ctcGreedyDecode(p, 1, 5, allowed, classes);
    expect(line.text).toBe('<');
    expect(line.chars[0]).toMatchObject({ char: '<', alternative: 'A' });
  });

  it('reports the runner-up and the mean confidence', () => {
    const p = probs([[0, 0, 0.55, 0, 0.45]]);
    const line = ctcGreedyDecode(p, 1, 5, allowed, classes);
    expect(line.chars[0]).toEqual({ char: '<', confidence: 0.550000011920929, alternative: 'K', alternativeConfidence: 0.44999998807907104 });
    expect(line.confidence).toBeCloseTo(0.55);
    expect(ctcGreedyDecode(probs([[1, 0, 0, 0, 0]]), 1, 5, allowed, classes)).toEqual({ text: '', chars: [], confidence: 0 });
  });
});
