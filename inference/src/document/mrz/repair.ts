/**
 * Candidate readings of a line whose length is off by a few characters. CTC decoding most often
 * gains or loses one chevron inside a run of '<', so for lines with check digits every run is
 * tried (the check digits then pick the right one); lines without check digits (names) are only
 * padded or trimmed at the end, which is safe because their tail is filler.
 */
export const MAX_LENGTH_REPAIR = 3;

function runStarts(line: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < line.length; i++) if (line[i] === '<' && (i === 0 || line[i - 1] !== '<')) starts.push(i);
  return starts;
}

function atEnd(line: string, target: number): string {
  return line.length < target ? line + '<'.repeat(target - line.length) : line.slice(0, target);
}

export function lengthVariants(line: string, target: number, hasCheckDigits: boolean): string[] {
  const diff = target - line.length;
  if (diff === 0) return [line];
  const variants = new Set<string>();
  if (hasCheckDigits && Math.abs(diff) <= MAX_LENGTH_REPAIR) {
    for (const start of runStarts(line)) {
      const run = line.slice(start).match(/^<+/)![0].length;
      if (diff > 0) variants.add(line.slice(0, start) + '<'.repeat(diff) + line.slice(start));
      else if (run >= -diff) variants.add(line.slice(0, start) + line.slice(start - diff));
    }
  }
  variants.add(atEnd(line, target));
  return [...variants];
}
