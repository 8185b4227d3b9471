import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core (from npm, evaluated in the page through the DevTools protocol, which the page's CSP does not
 * govern) over the whole page and returns the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<{ page: string; id: string; impact: string | null; help: string; targets: string[] }[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  const url = new URL(page.url()).pathname;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ page: url, id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** docs/dashboard/<name>.png, only with UPDATE_SCREENSHOTS=1 so that ordinary runs leave the tree clean. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  const path = join(ROOT, 'docs', 'dashboard', `${name}.png`);
  await mkdir(dirname(path), { recursive: true });
  // Secrets of the throwaway test stack are masked all the same: docs never show one.
  await page.screenshot({ path, fullPage: true, mask: [page.locator('#new-secret, #endpoint-secret')] });
}
