// What a reader's browser downloads to show a page and make it work: every
// script the page loads until the network is quiet (Debian's Chromium,
// gzip at level 9 of each file as built), for home, a category and a recipe,
// anonymous and signed in, on the demo blog. With LIGHTHOUSE=/path/to/lighthouse
// (not a dependency of the project) it also runs Lighthouse's mobile preset.
// Then the same pages in Chromium itself, slowed down with the profile
// Lighthouse's mobile preset uses when it throttles through DevTools (THROTTLING
// below), each seven times with an empty cache: when the page first painted,
// when its largest part did, and when it hydrated (its controls respond); the
// median and the range.
// Run: npm run build && node bench/first-load.ts
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { signIn, startServer } from './support/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KIB = 150;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The scripts a phone-sized browser loads for `url` until the network is quiet: KiB as gzip -9
 * (the budget's measure) and KiB as the server sent them (the build's brotli copies).
 */
async function firstLoadKiB(browser: Browser, url: string, cookie?: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (cookie) {
    await context.addCookies(cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url };
    }));
  }
  const page = await context.newPage();
  // Each script once, as the gzip measure counts it, with the bytes of its answer.
  const sentSizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js') || sentSizes.has(pathname)) return;
    sentSizes.set(pathname, response.request().sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const sent = (await Promise.all(sentSizes.values())).reduce((sum, size) => sum + size, 0);
  const scripts = [...sentSizes.keys()];
  await context.close();
  let gzipped = 0;
  for (const script of scripts) gzipped += gzipSync(await readFile(path.join(root, 'build/client', script)), { level: 9 }).length;
  return { gzip: gzipped / 1024, sent: sent / 1024 };
}

const THROTTLED_ROUNDS = 7;
/** Lighthouse's mobileSlow4G for DevTools throttling, which delays each request rather than each packet. */
const THROTTLING = { requestLatencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpuSlowdown: 4 };

/** First contentful paint, largest contentful paint and hydration of `url` in a throttled phone-sized Chromium (ms). */
async function throttledLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { largestPaint: Number.NaN, hydrated: Number.NaN };
    Object.assign(window, { benchSeen: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.largestPaint = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // root.tsx marks <html> once React has hydrated.
    const markHydrated = () => {
      if (document.documentElement.dataset.hydrated && Number.isNaN(seen.hydrated)) seen.hydrated = performance.now();
    };
    document.addEventListener('readystatechange', () => new MutationObserver(markHydrated).observe(document.documentElement, { attributes: true }), { once: true });
  });
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.enable');
  const bytesPerSecond = (kbps: number) => (kbps * 1024) / 8;
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.requestLatencyMs,
    downloadThroughput: bytesPerSecond(THROTTLING.downloadKbps),
    uploadThroughput: bytesPerSecond(THROTTLING.uploadKbps),
  });
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  const timings = await page.evaluate(() => {
    const { benchSeen } = window as unknown as { benchSeen: { largestPaint: number; hydrated: number } }; // set by the init script above
    return { firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN, ...benchSeen };
  });
  await context.close();
  return timings;
}

function median(values: number[]) {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function lighthouse(url: string) {
  const bin = process.env.LIGHTHOUSE;
  if (!bin) return 'not run';
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(
      bin,
      [url, '--quiet', `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`, '--only-categories=performance', '--output=json', '--output-path=stdout'],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    ));
  } catch (error) {
    // Lighthouse now and then fails to record its trace (NO_NAVSTART): said in
    // the table, so that the other pages are still measured; its words go to stderr.
    const { stderr, message, code } = error as { stderr?: string; message: string; code?: number | string };
    console.error(stderr || message);
    return `failed (${/\(([A-Z_]+)\)/.exec(stderr ?? '')?.[1] ?? `exit ${code}`})`;
  }
  const report = JSON.parse(stdout) as { categories: { performance: { score: number } }; audits: Record<string, { displayValue?: string }> };
  return `${Math.round(report.categories.performance.score * 100)} (LCP ${report.audits['largest-contentful-paint']!.displayValue})`;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-'));
const seeded = spawnSync(process.execPath, ['scripts/seed-demo.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr}`);
const server = await startServer(dataDir);
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const detailPath = /href="(\/detail\/[0-9a-f-]{36})"/.exec(home)![1]!;
  const cookie = await signIn(server.url, 'anna@demo.chuchiblog.ch', 'chuchi-demo-2024');
  const pages = [
    ['home', '/'],
    ['category', '/hauptgang'],
    ['detail', detailPath],
  ] as const;

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  console.log(`| page | first-load JS, anonymous (KiB gzip) | signed in | as sent, anonymous / signed in (KiB) | Lighthouse mobile, anonymous |`);
  console.log(`|---|---:|---:|---:|---:|`);
  let overBudget = false;
  for (const [name, pagePath] of pages) {
    const anonymous = await firstLoadKiB(browser, server.url + pagePath);
    const signedIn = await firstLoadKiB(browser, server.url + pagePath, cookie);
    overBudget ||= anonymous.gzip > BUDGET_KIB || signedIn.gzip > BUDGET_KIB;
    console.log(
      `| ${name} | ${anonymous.gzip.toFixed(1)} | ${signedIn.gzip.toFixed(1)} | ${anonymous.sent.toFixed(1)} / ${signedIn.sent.toFixed(1)} | ${await lighthouse(server.url + pagePath)} |`,
    );
  }
  console.log(`\nBudget: ${BUDGET_KIB} KiB gzip on every page, anonymous and signed in${overBudget ? ' (exceeded)' : ''}.`);

  const { requestLatencyMs, downloadKbps, cpuSlowdown } = THROTTLING;
  console.log(
    `\nChromium throttled as Lighthouse's mobile preset through DevTools (${requestLatencyMs} ms per request, ${downloadKbps} kbit/s, CPU ${cpuSlowdown}× slower), anonymous, ${THROTTLED_ROUNDS} loads with an empty cache, median (range):\n`,
  );
  console.log('| page | first contentful paint | largest contentful paint | hydrated |');
  console.log('|---|---:|---:|---:|');
  for (const [name, pagePath] of pages) {
    const loads: Array<Awaited<ReturnType<typeof throttledLoad>>> = [];
    for (let round = 0; round < THROTTLED_ROUNDS; round++) loads.push(await throttledLoad(browser, server.url + pagePath));
    const ms = (pick: (load: (typeof loads)[number]) => number) => {
      const values = loads.map(pick);
      return `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
    };
    console.log(`| ${name} | ${ms((load) => load.firstPaint)} | ${ms((load) => load.largestPaint)} | ${ms((load) => load.hydrated)} |`);
  }
  await browser.close();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
