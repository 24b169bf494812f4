// Upload load on the production build: 12 people send a 12-megapixel camera
// JPEG at the same moment. The real server runs as its own process (its
// memory is its own, as in production); we sample its resident memory from
// /proc while the uploads run and report each upload's latency.
// Targets: every upload answered within 10 s, the server below 600 MiB.
// Run: npm run build && node bench/upload-load.ts
// BENCH_UPLOADS=n changes the number of uploads; BENCH_SERVER_FLAGS adds Node
// flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { prepareBlog, signIn, startServer, type ServerProcess } from './support/server-process.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 12);
const TARGET_LATENCY_MS = 10_000;
const TARGET_RSS_MIB = 600;

/** A 4000×3000 photo-like JPEG (gradients, fine texture, sensor noise, EXIF) of about 4.5 MB. */
async function cameraJpeg() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const noise = ((seed >>> 16) & 31) - 16;
      const texture = 20 * Math.sin(x / 7.3) * Math.sin(y / 5.1);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 128 + 90 * Math.sin(x / 310 + y / 470) + texture + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 120 + 80 * Math.sin(x / 190 - y / 260 + 1) + texture + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 110 + 70 * Math.cos((x + y) / 420) + texture + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Chuchi Cam', Model: 'Alpenblick 12', Software: 'Bench' } })
    .toBuffer();
}

/** VmRSS / VmHWM of a process in MiB, from /proc (undefined once it is gone). */
function memory(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

const mib = (value: number) => `${Math.round(value)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const blog = await prepareBlog(1);
let server: ServerProcess | undefined;

try {
  const photo = await cameraJpeg();
  const photoMeta = await sharp(photo).metadata();

  server = await startServer(blog.dataDir);
  const { url, pid } = server;
  const cookie = await signIn(url, blog.emails[0]!);

  // Signing in costs scrypt's 128 MiB once; note the peak so far, then reset
  // it (writing 5 to clear_refs) so that VmHWM below covers the uploads only.
  const beforeUploads = memory(pid)!;
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }

  let peakSampled = beforeUploads.rss;
  const sampler = setInterval(() => {
    const now = memory(pid);
    if (now) peakSampled = Math.max(peakSampled, now.rss);
  }, 20);

  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      const sent = performance.now();
      const response = await fetch(`${url}/api/uploads`, {
        method: 'POST',
        headers: { origin: url, cookie, 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      const body = (await response.json()) as { image?: { widths: number[] }; error?: string };
      return { status: response.status, body, ms: performance.now() - sent };
    }),
  );
  const wall = performance.now() - started;
  clearInterval(sampler);
  const after = memory(pid)!;
  peakSampled = Math.max(peakSampled, after.rss);

  const failed = results.filter((r) => r.status !== 201);
  if (failed.length > 0) throw new Error(`${failed.length} uploads failed: ${failed.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join(', ')}`);

  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const p50 = latencies[Math.floor((latencies.length - 1) / 2)]!;
  const max = latencies.at(-1)!;
  const peak = hwmReset ? Math.max(after.hwm, peakSampled) : peakSampled;
  const lifePeak = Math.max(beforeUploads.hwm, peak);
  console.log(
    `${UPLOADS} concurrent uploads of a ${photoMeta.width}×${photoMeta.height} JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MiB), ` +
      `renditions ${results[0]!.body.image!.widths.join('/')} px`,
  );
  console.log(`latency: min ${seconds(latencies[0]!)}, p50 ${seconds(p50)}, max ${seconds(max)}; all answered after ${seconds(wall)}`);
  console.log(`server RSS before the uploads: ${mib(beforeUploads.rss)} (start-up and sign-in peaked at ${mib(beforeUploads.hwm)})`);
  console.log(
    `server RSS during the uploads: peak ${mib(peak)} (${hwmReset ? `VmHWM since sign-in ${mib(after.hwm)}, ` : ''}` +
      `highest VmRSS sampled ${mib(peakSampled)}), +${mib(peak - beforeUploads.rss)} over idle; ${mib(after.rss)} after`,
  );
  const check = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(`target each upload ≤ ${TARGET_LATENCY_MS / 1000} s: ${check(max <= TARGET_LATENCY_MS)} (max ${seconds(max)})`);
  console.log(`target peak RSS < ${TARGET_RSS_MIB} MiB during the uploads: ${check(peak < TARGET_RSS_MIB)} (${mib(peak)})`);
  console.log(`target peak RSS < ${TARGET_RSS_MIB} MiB over the whole run, start-up included: ${check(lifePeak < TARGET_RSS_MIB)} (${mib(lifePeak)})`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await blog.remove();
}
