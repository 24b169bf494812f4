import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { VIEWPORTS } from './browser.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** Runs axe-core on a page; returns the serious and critical violations. */
export async function accessibilityViolations(
  browser: Browser,
  url: string,
  viewport: keyof typeof VIEWPORTS,
  /** e.g. a signed-in page's storageState(), for pages behind the login. */
  options: Pick<BrowserContextOptions, 'storageState'> = {},
) {
  // axe is injected as a script, which our CSP rightly forbids; this context only.
  const context = await browser.newContext({ ...options, viewport: VIEWPORTS[viewport], bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.addScriptTag({ path: axePath });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  await context.close();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
