/** Console tables for the accuracy report: what works and, plainly, what the models get wrong. */

type Report = Record<string, any>;

const pct = (v: number | null): string => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const f = (v: number | undefined, d = 1): string => (v === undefined ? '-' : v.toFixed(d));

export function printReport(r: Report): void {
  const m = r.faceMatch;
  console.log(`\nFACE MATCH (${m.model}, threshold ${m.threshold})`);
  console.table([
    {
      pairs: m.pairs,
      same: m.samePairs,
      different: m.differentPairs,
      FAR: pct(m.far),
      FRR: pct(m.frr),
      'min same': f(m.minSameSimilarity, 3),
      'max different': f(m.maxDifferentSimilarity, 3),
      margin: f(m.margin, 3),
    },
  ]);
  if (m.falseAccepts.length || m.falseRejects.length) console.log('errors:', m.falseAccepts, m.falseRejects);

  console.log('\nAGE per fixture (apparent range judged by eye; verdicts for +12 +15 +18 +21 +25)');
  console.table(
    r.age.rows.map((a: any) => ({
      fixture: a.file,
      apparent: `${a.apparent[0]}-${a.apparent[1]}`,
      estimate: a.refused ? a.refused : `${f(a.estimate)} [${a.low}-${a.high}]`,
      'error (y)': a.errorYears ?? '-',
      verdicts: a.verdicts
        ? Object.values(a.verdicts)
            .map((v: any) => v[0].toUpperCase())
            .join(' ')
        : '-',
      problem: problemOf(a),
    })),
  );
  console.log(
    'MAE per band (C-AGE-1):',
    r.age.maePerBand.bands.map((b: any) => `${b.band}: ${b.mae === null ? 'no data' : `${f(b.mae)} y (n=${b.n})`}`).join(', '),
    `| under 6 (toddler): ${r.age.maePerBand.notInAnyBand.join(', ') || 'none'}`,
  );
  console.table(
    r.age.thresholds.map((t: any) => ({
      threshold: `+${t.threshold}`,
      'younger accepted (FP)': `${t.youngerAccepted}/${t.younger}`,
      'older stepped up': `${t.olderSteppedUp}/${t.older}`,
      'older failed': t.olderFailed,
    })),
  );
  console.log(r.age.demographics);

  console.log('\nLIVENESS per fixture (real-face score; live if >= threshold)');
  console.table(
    r.liveness.rows.map((l: any) => ({
      fixture: l.file,
      truth: l.truth,
      score: l.refused ?? f(l.score, 3),
      live: l.refused ? '-' : l.live ? 'live' : 'not live',
      wrong: isWrong(l) ? 'WRONG' : '',
    })),
  );
  console.log(
    `APCER ${pct(r.liveness.apcer)} | BPCER on live captures ${pct(r.liveness.bpcerLiveCaptures)} | web photos judged not live ${r.liveness.webPhotosJudgedNotLive} | ${r.liveness.note}`,
  );
}

function problemOf(a: any): string {
  if (a.refused) return 'refused (second person in frame)';
  const [lo, hi] = a.apparent;
  const passesUnder = Object.entries(a.verdicts ?? {}).filter(([t, v]) => v === 'pass' && hi < Number(t));
  if (passesUnder.length) return `PASSES UNDER-AGE ${passesUnder.map(([t]) => `+${t}`).join(' ')}`;
  if (hi < 18 && (a.estimate ?? 0) >= 18) return `CHILD ESTIMATED ADULT (${f(a.estimate)}): kept from a pass only by the policy (low end ${a.low})`;
  if (Math.abs(a.errorYears ?? 0) >= 10) return `estimate off by ${a.errorYears > 0 ? '+' : ''}${a.errorYears} y`;
  return lo >= 25 && Object.values(a.verdicts ?? {}).every((v) => v !== 'pass') ? 'adult sent to document' : '';
}

function isWrong(l: any): boolean {
  if (l.refused) return false;
  return (l.truth === 'attack' && l.live) || (l.truth === 'live' && !l.live);
}
