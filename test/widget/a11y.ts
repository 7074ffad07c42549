import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const SHOTS = fileURLToPath(new URL('../../test-output/widget/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: number;
}

/** axe-core (WCAG 2.0-2.2 A/AA rules) on the current page; serious and critical findings only. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** axe-core (WCAG 2.0-2.2 A/AA rules) on the current page: every finding, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string; help: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return violations;
}

/** Screenshot of the current step under test-output/widget/, then its axe findings. */
export async function captureStep(page: Page, name: string): Promise<AxeFinding[]> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  return seriousViolations(page);
}
