// Page throughput of the production build, reported as a ratio against a
// baseline measured in the same run: a static file from the same server
// (same process, same middleware: what a page costs beyond HTTP itself).
// Run: npm run build && node bench/page-throughput.ts
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDb } from '../app/db/client.server.ts';
import { users } from '../app/db/schema/auth.ts';
import { recipes } from '../app/db/schema/recipes.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 8;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-'));
Object.assign(process.env, { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3999' });

const { startApp } = await import(pathToFileURL(path.join(root, 'build/server/index.js')).href);
const { app, shutdown } = await startApp({ clientDir: path.join(root, 'build/client') });
const server = app.listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const userId = randomUUID();
await getDb().insert(users).values({ id: userId, name: 'Bench', email: 'bench@example.ch' });
const ids: string[] = [];
for (let i = 0; i < 30; i++) {
  const [row] = await getDb()
    .insert(recipes)
    .values({
      userId,
      userEmail: 'bench@example.ch',
      author: 'Bench',
      title: `Rezept ${i} mit Käse und Kartoffeln`,
      lead: 'Ein feines Rezept für jeden Tag.',
      duration: 30,
      category: (['Apéro', 'Vorspeise', 'Hauptgang', 'Dessert', 'Backen'] as const)[i % 5]!,
      level: 'Einfach',
      tags: i % 2 ? ['Frühling', 'Vegetarisch'] : ['Salzig'],
      quantity: 'für 4 Personen',
      ingredients: Array.from({ length: 8 }, (_, n) => ({ name: `Zutat ${n}`, amount: `${n * 50} g` })),
      description: 'Alles mischen und backen.\n\n'.repeat(6),
    })
    .returning({ id: recipes.id });
  ids.push(row!.id);
}

async function measure(url: string) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
      }
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

await measure(`${base}/`); // warm-up
const baseline = await measure(`${base}/robots.txt`);
const rows = [] as Array<{ page: string; 'req/s': number; 'ratio to baseline': number }>;
for (const [page, url] of [
  ['home (31 cards)', `${base}/`],
  ['category', `${base}/hauptgang`],
  ['tag', `${base}/tags/Fr%C3%BChling`],
  ['detail', `${base}/detail/${ids[3]}`],
] as const) {
  const rate = await measure(url);
  rows.push({ page, 'req/s': Math.round(rate), 'ratio to baseline': Number((rate / baseline).toFixed(3)) });
}
console.log(`baseline (static file): ${Math.round(baseline)} req/s, ${REQUESTS} requests, concurrency ${CONCURRENCY}`);
console.table(rows);

server.close();
server.closeAllConnections();
await shutdown();
await rm(dataDir, { recursive: true, force: true });
