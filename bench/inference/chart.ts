/** A small self-contained SVG chart of the inference benchmark (no chart library). */

export interface ChartInput {
  readonly throughput: readonly { label: string; value: number; best: number }[];
  readonly stages: readonly { stage: string; p50: number; p99: number }[];
  readonly title: string;
  /** Headings of the two panels, where they differ from the CPU benchmark's. */
  readonly throughputHeading?: string;
  readonly stagesHeading?: string;
}

const esc = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);

function bars(x0: number, y0: number, width: number, rows: readonly { label: string; value: number; extra?: number }[], unit: string, title: string): string {
  const max = Math.max(...rows.map((r) => r.extra ?? r.value), 1e-9);
  const scale = (width - 270) / max; // room for the value label after the longest bar
  const out = [`<text x="${x0}" y="${y0}" font-weight="bold">${esc(title)}</text>`];
  rows.forEach((r, i) => {
    const y = y0 + 14 + i * 26;
    out.push(`<text x="${x0}" y="${y + 14}">${esc(r.label)}</text>`);
    if (r.extra !== undefined) out.push(`<rect x="${x0 + 100}" y="${y}" width="${(r.extra * scale).toFixed(1)}" height="18" fill="#f4b183"/>`);
    out.push(`<rect x="${x0 + 100}" y="${y}" width="${(r.value * scale).toFixed(1)}" height="18" fill="#5b9bd5"/>`);
    const label = r.extra !== undefined ? `${r.value.toFixed(1)} / ${r.extra.toFixed(1)} ${unit}` : `${r.value.toFixed(1)} ${unit}`;
    out.push(`<text x="${x0 + 106 + Math.max(r.value, r.extra ?? 0) * scale}" y="${y + 14}">${esc(label)}</text>`);
  });
  return out.join('\n');
}

export function renderChart(input: ChartInput): string {
  const height = 90 + Math.max(input.throughput.length, input.stages.length) * 26 + 40;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${height}" font-family="sans-serif" font-size="12">`,
    '<rect width="100%" height="100%" fill="white"/>',
    `<text x="20" y="24" font-size="14" font-weight="bold">${esc(input.title)}</text>`,
    bars(
      20,
      56,
      470,
      input.throughput.map((t) => ({ label: t.label, value: t.value, extra: t.best })),
      'checks/s',
      input.throughputHeading ?? 'Full facial checks/s, saturated: median (blue) / best round (orange)',
    ),
    bars(
      520,
      56,
      470,
      input.stages.map((s) => ({ label: s.stage, value: s.p50, extra: s.p99 })),
      'ms',
      input.stagesHeading ?? 'Per-stage latency, 1 worker: p50 (blue) / p99 (orange)',
    ),
    '</svg>',
  ].join('\n');
}
