// The search at 10,000 recipes, on PGlite (in memory, as the tests run it) and
// on a real PostgreSQL started for the purpose: the 21 demo recipes' titles,
// leads, ingredients and descriptions spread over 10,000 bulk recipes, then for
// a few typical searches the time of the whole search (word list look-ups, the
// page and the count; median of 15 runs after warm-up) and EXPLAIN ANALYZE of
// the page's statement and its count for one of them.
// Run: node bench/search-scale.ts
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, setDatabase, type DatabaseConnection } from '../app/db/client.server.ts';
import { migrate } from '../app/db/migrate.server.ts';
import { users } from '../app/db/schema/auth.ts';
import { expandedClauses, searchRecipes, searchStatements } from '../app/features/recipes/recipe-search.server.ts';
import { vacuumAnalyze } from '../app/lib/db-maintenance.server.ts';
import { queryWords, type SearchFilters } from '../app/utils/search-params.ts';
import { insertBulkRecipes } from '../scripts/seed/bulk-recipes.ts';
import { demoRecipes } from '../scripts/seed/demo-recipes.ts';
import { findPgBin, startPostgres } from '../tests/support/postgres-server.ts';

const COUNT = 10_000;
const RUNS = 15;
const owner = { id: randomUUID(), name: 'Massen Köchin', email: 'massen@example.ch' };

const SEARCHES: Array<{ label: string; query: string; filters?: SearchFilters }> = [
  { label: 'stem', query: 'Kartoffeln' },
  { label: 'umlaut', query: 'Rosti' },
  { label: 'prefix', query: 'Apfel' },
  { label: 'typo', query: 'Zopff' },
  { label: 'synonym', query: 'Karotte' },
  { label: 'two words + filter', query: 'Rahm Käse', filters: { category: 'hauptgang', maxDuration: 60 } },
  { label: 'nothing found', query: 'Zitronengrasxyz' },
  { label: 'ohne', query: 'Kuchen ohne Eier' },
  { label: 'ohne alone', query: 'ohne Eier' },
];
const EXPLAINED = 'Kartoffeln';

/** 10,000 recipes whose texts are the demo recipes' in turn, each with its number. */
async function fill(connection: DatabaseConnection) {
  await connection.db.insert(users).values({ ...owner, emailVerified: true });
  await insertBulkRecipes(connection.db, { count: COUNT, owner });
  const list = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
  const n = demoRecipes.length;
  await connection.db.execute(sql`
    update recipes r set
      title = (${list(demoRecipes.map((d) => d.title))})[1 + k.i % ${n}] || ' Nr. ' || k.i,
      lead = (${list(demoRecipes.map((d) => d.lead))})[1 + k.i % ${n}],
      description = (${list(demoRecipes.map((d) => d.description))})[1 + k.i % ${n}],
      ingredients = ((${list(demoRecipes.map((d) => JSON.stringify(d.ingredients)))})[1 + k.i % ${n}])::jsonb
    from (select id, row_number() over (order by created_at desc) as i from recipes) k
    where r.id = k.id
  `);
  await vacuumAnalyze(connection);
}

async function explain(connection: DatabaseConnection, query: SQL) {
  const result = await connection.db.execute(sql`explain (analyze, buffers) ${query}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ 'QUERY PLAN': string }>;
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function run(name: string, connection: DatabaseConnection) {
  setDatabase(connection);
  const started = performance.now();
  await fill(connection);
  const words = await connection.db.execute(sql`select count(*)::int as n from search_words`);
  const wordCount = ((Array.isArray(words) ? words : (words as { rows: unknown[] }).rows)[0] as { n: number }).n;
  console.log(`\n${name}: ${COUNT.toLocaleString('en')} recipes and ${wordCount} distinct words in ${Math.round(performance.now() - started)} ms`);
  const table = [];
  for (const search of SEARCHES) {
    const words = queryWords(search.query);
    for (let i = 0; i < 3; i++) await searchRecipes(words, search.filters ?? {}); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      total = (await searchRecipes(words, search.filters ?? {})).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    table.push({ search: search.label, query: search.query, hits: total, 'median ms': Number(times[Math.floor(RUNS / 2)]!.toFixed(1)), 'max ms': Number(times.at(-1)!.toFixed(1)) });
  }
  console.table(table);
  const { clauses } = await expandedClauses(queryWords(EXPLAINED));
  const statements = searchStatements(clauses, {}, 1);
  console.log(`-- «${EXPLAINED}», page 1:\n${await explain(connection, statements.rows.getSQL())}`);
  console.log(`-- «${EXPLAINED}», the count:\n${await explain(connection, statements.total.getSQL())}`);
  console.log(`-- typo look-up in the word list («zopff»):\n${await explain(connection, sql`select word from search_words where word % 'zopff' and levenshtein(word, 'zopff') <= 2`)}`);
  setDatabase(undefined);
}

const pglite = await openDatabase({ engine: 'pglite' });
await migrate(pglite);
await run(`PGlite (in memory), node ${process.version}`, pglite);
await pglite.close();

const pgBin = findPgBin();
const server = pgBin ? await startPostgres(pgBin) : undefined;
if (!pgBin || !server) {
  console.log('PostgreSQL server binary not found: the PostgreSQL part is skipped.');
} else {
  try {
    const connection = await openDatabase({ engine: 'postgres', url: server.url });
    await migrate(connection);
    await run(execFileSync(path.join(pgBin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim(), connection);
    await connection.close();
  } finally {
    await server.stop();
  }
}
