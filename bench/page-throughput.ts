// Page throughput of the production server, as ratios against nginx serving a
// saved copy of the same recipe page (and the framework script and the recipe's
// picture against nginx serving those files), all measured in this one run with
// wrk (64 connections). The full render is measured twice: on the server's one
// thread, and with RENDER_THREAD=on (a second thread renders).
// Needs Debian's `wrk` and `nginx`; the bench starts and stops both (by PID)
// and the server, on loopback ports.
// Run: npm run build && node bench/page-throughput.ts
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { freePort, signIn, startServer } from './support/server-process.ts';
import { CONNECTIONS, DURATION, requireTools, wrk } from './support/wrk.ts';

const root = path.resolve(import.meta.dirname, '..');
requireTools(['wrk', 'nginx']);

const dataDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-bench-'));
const staticDir = await mkdtemp(path.join(tmpdir(), 'chuchiblog-nginx-'));
// The demo blog: 21 recipes with pictures, three users, comments.
const seeded = spawnSync(process.execPath, ['scripts/seed-demo.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr}`);

let server = await startServer(dataDir);
let nginx: ReturnType<typeof spawn> | undefined;
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const detailPath = /href="(\/detail\/[0-9a-f-]{36})"/.exec(home)![1]!;
  const detailHtml = await (await fetch(`${server.url}${detailPath}`)).text();

  // nginx serves the very same page as a static file: the physical limit here.
  const nginxPort = await freePort();
  // Precompressed, as the page cache keeps it: nginx sends the .gz file (gzip_static).
  await writeFile(path.join(staticDir, 'detail.html'), detailHtml);
  await writeFile(path.join(staticDir, 'detail.html.gz'), gzipSync(detailHtml, { level: 9 }));
  // A new reader's largest file, the same bytes as the build's gzip copy, to compare the server's static files with.
  // (Named in the inline script that fetches the scripts after the first paint: decision 013.)
  const frameworkPath = /"(\/assets\/framework-[^"]+\.js)"/.exec(detailHtml)![1]!;
  const frameworkFile = path.join(root, 'build/client', frameworkPath);
  await writeFile(path.join(staticDir, 'framework.js'), await readFile(frameworkFile));
  await writeFile(path.join(staticDir, 'framework.js.gz'), await readFile(`${frameworkFile}.gz`));
  // The recipe's picture as a phone loads it first (the preloaded 960 px AVIF), the same bytes.
  const picturePath = /(\/images\/[0-9a-f-]{36}\/960\.avif)/.exec(detailHtml)![1]!;
  await writeFile(path.join(staticDir, 'picture.avif'), Buffer.from(await (await fetch(`${server.url}${picturePath}`)).arrayBuffer()));
  await chmod(staticDir, 0o755); // nginx's workers run as another user
  await writeFile(
    path.join(staticDir, 'nginx.conf'),
    `worker_processes auto; pid ${staticDir}/nginx.pid; error_log ${staticDir}/error.log; daemon off;
events { worker_connections 1024; }
http { access_log off; gzip_static on; types { image/avif avif; } server { listen 127.0.0.1:${nginxPort}; root ${staticDir}; location / { default_type text/html; } } }`,
  );
  nginx = spawn('nginx', ['-c', path.join(staticDir, 'nginx.conf'), '-p', staticDir], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    if (await fetch(`http://127.0.0.1:${nginxPort}/detail.html`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // Every anonymous target once before wrk (home and detail were read above), so that its rows
  // measure hits, not the one render that fills the cache.
  await (await fetch(`${server.url}/hauptgang`)).text();
  await (await fetch(`${server.url}${detailPath}.data`)).text();
  const cookie = await signIn(server.url, 'anna@demo.chuchiblog.ch', 'chuchi-demo-2024');
  const gzip = { 'Accept-Encoding': 'gzip' };
  await server.startUpJobsDone();
  const results = [
    wrk('nginx, the same detail page as a static file (baseline)', `http://127.0.0.1:${nginxPort}/detail.html`, gzip),
    wrk('detail, anonymous', `${server.url}${detailPath}`, gzip),
    wrk('home, anonymous', `${server.url}/`, gzip),
    wrk('category, anonymous', `${server.url}/hauptgang`, gzip),
    wrk("detail's route data, anonymous (a click from another page)", `${server.url}${detailPath}.data`, gzip),
    wrk('detail, signed in (full render)', `${server.url}${detailPath}`, { ...gzip, Cookie: cookie }),
    wrk('home, signed in (full render)', `${server.url}/`, { ...gzip, Cookie: cookie }),
  ];
  const rssOneThread = residentMiB(server.pid);
  // The same server with RENDER_THREAD=on: a second thread renders (server/render-thread.ts).
  await server.stop();
  server = await startServer(dataDir, { RENDER_THREAD: 'on' });
  await server.startUpJobsDone();
  results.push(
    wrk('detail, signed in, RENDER_THREAD=on', `${server.url}${detailPath}`, { ...gzip, Cookie: cookie }),
    wrk('home, signed in, RENDER_THREAD=on', `${server.url}/`, { ...gzip, Cookie: cookie }),
  );
  const rssRenderThread = residentMiB(server.pid);
  const scripts = [
    wrk('nginx, the framework script as a static file (baseline)', `http://127.0.0.1:${nginxPort}/framework.js`, gzip),
    wrk("framework script, a new reader's largest file", `${server.url}${frameworkPath}`, gzip),
  ];
  const pictures = [
    wrk("nginx, the recipe's picture as a static file (baseline)", `http://127.0.0.1:${nginxPort}/picture.avif`, gzip),
    wrk("the recipe's picture (960 px AVIF)", `${server.url}${picturePath}`, gzip),
  ];
  const ratios = (rows: typeof results) => rows.map((r) => ({ target: r.target, 'req/s': Math.round(r.rps), p50: r.p50, p99: r.p99, 'ratio to nginx': Number((r.rps / rows[0]!.rps).toFixed(4)) }));
  console.log(`page throughput: wrk, ${CONNECTIONS} connections, ${DURATION} s each, Accept-Encoding gzip; node ${process.version}`);
  console.table([...ratios(results), ...ratios(scripts), ...ratios(pictures)]);
  console.log(`server's resident memory after the signed-in rows: ${rssOneThread} MiB; with RENDER_THREAD=on ${rssRenderThread} MiB`);
} finally {
  nginx?.kill('SIGTERM');
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
}

/** The resident memory of a process now, in MiB (from /proc). */
function residentMiB(pid: number) {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kib / 1024);
}
