// The data export and the account deletion with the pictures in an
// S3-compatible store (s3rver over real HTTP) instead of local files: the ZIP
// holds the stored picture, and deleting the account leaves no object of it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import { createAccount, sessionCookie, TEST_PASSWORD } from '../support/accounts.ts';
import { createRecipe } from '../support/factories.ts';
import { startS3Server } from '../support/s3-server.ts';
import { createImage } from '../support/stored-images.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  s3 = await startS3Server();
  app = await startTestApp({
    S3_BUCKET: s3.options.bucket,
    S3_ENDPOINT: s3.options.endpoint,
    S3_ACCESS_KEY_ID: s3.options.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
  });
});

afterAll(async () => {
  await app?.stop();
  await s3?.stop();
});

test('export and deletion work the same on S3', async () => {
  expect(getStorage().kind).toBe('s3');
  const vreni = await createAccount('Vreni Wolke');
  const imageId = await createImage(vreni.id, 200);
  const unused = await createImage(vreni.id, 120);
  await createRecipe(vreni, { title: 'Wolkenkuchen', imageId });
  const cookie = await sessionCookie(app.url, vreni.email);

  const exported = await fetch(`${app.url}/konto/export`, { headers: { cookie } });
  expect(exported.status).toBe(200);
  const zip = Buffer.from(await exported.arrayBuffer());
  const jpegs = (await getStorage().list(`images/${imageId}/`)).map((e) => e.key).filter((key) => /\/\d+\.jpg$/.test(key));
  const largest = jpegs.sort((a, b) => Number(/(\d+)\.jpg$/.exec(b)![1]) - Number(/(\d+)\.jpg$/.exec(a)![1]))[0]!;
  const stored = await getStorage().get(largest);
  const picture = Buffer.concat(await stored!.body.toArray());
  // Stored uncompressed in the ZIP (JPEG does not shrink): the bytes appear as they are.
  expect(zip.includes(picture)).toBe(true);

  expect((await getStorage().list(`images/${imageId}/`)).length).toBeGreaterThan(0);
  const deleted = await fetch(`${app.url}/konto`, {
    method: 'POST',
    headers: { cookie, origin: app.url },
    body: new URLSearchParams({ intent: 'delete-account', password: TEST_PASSWORD, confirm: 'ja' }),
    redirect: 'manual',
  });
  expect(deleted.headers.get('location')).toBe('/login?konto=geloescht');
  expect(await getStorage().list(`images/${imageId}/`)).toEqual([]);
  expect(await getStorage().list(`images/${unused}/`)).toEqual([]);
});
