/** One decoded character with the recogniser's runner-up, for check-digit-guided correction. */
export interface DecodedChar {
  char: string;
  confidence: number;
  alternative?: string;
  alternativeConfidence?: number;
}

export interface DecodedLine {
  text: string;
  chars: DecodedChar[];
  /** Mean confidence of the emitted characters (0 when none). */
  confidence: number;
}

interface StepChoice {
  isChar: boolean;
  best: number;
  bestP: number;
  second: number;
  secondP: number;
}

function chooseAtStep(probs: Float32Array, row: number, classCount: number, allowed: Int32Array): StepChoice {
  let anyCharP = 0;
  for (let c = 1; c < classCount; c++) if (probs[row + c] > anyCharP) anyCharP = probs[row + c];
  const choice: StepChoice = { isChar: anyCharP > probs[row], best: -1, bestP: -1, second: -1, secondP: -1 };
  for (const c of allowed) {
    const p = probs[row + c];
    if (p > choice.bestP) {
      choice.second = choice.best;
      choice.secondP = choice.bestP;
      choice.best = c;
      choice.bestP = p;
    } else if (p > choice.secondP) {
      choice.second = c;
      choice.secondP = p;
    }
  }
  return choice;
}

/**
 * Greedy CTC decoding (Graves et al. 2006) restricted to a character subset. Whether a step emits
 * a character is decided over all classes (blank against the best non-blank); which character is
 * decided among `allowed` only, so a '<' that the model scores as a CJK look-alike still comes out
 * as '<'. Repeats collapse unless a blank separates them.
 */
export function ctcGreedyDecode(probs: Float32Array, steps: number, classCount: number, allowed: Int32Array, classes: readonly string[]): DecodedLine {
  const chars: DecodedChar[] = [];
  let previous = 0;
  for (let t = 0; t < steps; t++) {
    const step = chooseAtStep(probs, t * classCount, classCount, allowed);
    const emitted = step.isChar ? step.best : 0;
    if (emitted !== 0 && emitted !== previous) {
      const alternative = step.second >= 0 ? { alternative: classes[step.second], alternativeConfidence: step.secondP } : {};
      chars.push({ char: classes[emitted], confidence: step.bestP, ...alternative });
    } else if (emitted !== 0) {
      const last = chars[chars.length - 1];
      last.confidence = Math.max(last.confidence, step.bestP);
    }
    previous = emitted;
  }
  const confidence = chars.length ? chars.reduce((s, c) => s + c.confidence, 0) / chars.length : 0;
  return { text: chars.map((c) => c.char).join(''), chars, confidence };
}
