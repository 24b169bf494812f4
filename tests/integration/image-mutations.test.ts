// Storing and deleting images against the real database and a temporary
// local storage; the sweep that removes uploads no recipe ever used; and that
// every removal of picture files is heard by every instance's memory of
// pictures only once the files are gone.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { expect, onTestFinished, test } from 'vitest';
import { getDb } from '../../app/db/client.server.ts';
import { images, recipes } from '../../app/db/schema/recipes.ts';
import { removeOrphanImages } from '../../app/features/images/image-cleanup.server.ts';
import { deleteRecipe } from '../../app/features/recipes/recipe-mutations.server.ts';
import { deleteImage, deleteImageIfUnused, removeImageFiles, storeImage } from '../../app/features/images/image-mutations.server.ts';
import { serveImages } from '../../app/features/images/image-route.server.ts';
import { onContentChange } from '../../app/lib/content-version.server.ts';
import { ImageRejectedError } from '../../app/features/images/image-processing.server.ts';
import { getStorage, setStorage, type Storage } from '../../app/lib/storage/storage.server.ts';
import { createRecipe, createUser } from '../support/factories.ts';
import { photo } from '../support/images.ts';
import { useTestDatabase } from '../support/test-db.ts';
import { useTempStorage } from '../support/temp-storage.ts';

useTestDatabase();
const uploads = useTempStorage();

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);

function filesOf(id: string) {
  const dir = path.join(uploads.root, 'images', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function rowOf(id: string) {
  const [row] = await getDb().select().from(images).where(eq(images.id, id));
  return row;
}

/** Runs `body` with the app's storage wrapped by `wrap`, then puts the real one back. */
async function withStorage(wrap: (real: Storage) => Storage, body: () => Promise<void>) {
  const real = getStorage();
  setStorage(wrap(real));
  try {
    await body();
  } finally {
    setStorage(real);
  }
}

test('stores the renditions and share crops and then the row, and returns what a page needs to show it', async () => {
  const heidi = await createUser();
  const rowsSeenDuringPut: number[] = [];
  let image!: Awaited<ReturnType<typeof storeImage>>;
  await withStorage(
    (real) => ({
      ...real,
      async put(key, data, type) {
        const id = key.split('/')[1]!;
        rowsSeenDuringPut.push((await getDb().select().from(images).where(eq(images.id, id))).length);
        await real.put(key, data, type);
      },
    }),
    async () => {
      image = await storeImage(await photo(1200, 900), heidi.id);
    },
  );

  // 480 and 960, three formats each, and the four share crops; no row yet.
  expect(rowsSeenDuringPut).toEqual(Array(10).fill(0));
  const crops = { '1x1': [900, 900], '4x3': [1200, 900], '16x9': [1200, 675], og: [1200, 630] };
  expect(image).toMatchObject({ widths: [480, 960], width: 1200, height: 900, crops });
  expect(filesOf(image.id)).toEqual(['16x9.jpg', '1x1.jpg', '480.avif', '480.jpg', '480.webp', '4x3.jpg', '960.avif', '960.jpg', '960.webp', 'og.jpg']);
  expect(await rowOf(image.id)).toMatchObject({ id: image.id, userId: heidi.id, widths: [480, 960], color: image.color, crops });
});

test('a refused upload leaves neither a row nor files', async () => {
  const before = await getDb().select().from(images);
  const filesBefore = readdirSync(path.join(uploads.root)).length;

  await expect(storeImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null)).rejects.toBeInstanceOf(ImageRejectedError);

  expect(await getDb().select().from(images)).toHaveLength(before.length);
  expect(readdirSync(path.join(uploads.root))).toHaveLength(filesBefore);
});

test('when the row cannot be written, the files already written are removed again', async () => {
  let id = '';
  await withStorage(
    (real) => ({
      ...real,
      async put(key, data, type) {
        id = key.split('/')[1]!;
        await real.put(key, data, type);
      },
    }),
    async () => {
      // No such user: the foreign key refuses the row after the files exist.
      await expect(storeImage(await photo(500, 400), `missing-${randomUUID()}`)).rejects.toThrow();
    },
  );
  expect(id).not.toBe('');
  expect(await rowOf(id)).toBeUndefined();
  expect(filesOf(id)).toEqual([]);
});

test('when storage fails midway, no row is written and the written files are removed', async () => {
  let puts = 0;
  let id = '';
  await withStorage(
    (real) => ({
      ...real,
      async put(key, data, type) {
        id = key.split('/')[1]!;
        if (++puts === 2) throw new Error('disk full');
        await real.put(key, data, type);
      },
    }),
    async () => {
      await expect(storeImage(await photo(500, 400), null)).rejects.toThrow('disk full');
    },
  );
  expect(await rowOf(id)).toBeUndefined();
  expect(filesOf(id)).toEqual([]);
});

test('deleting an image removes its row and files; a recipe showing it keeps going without', async () => {
  const anna = await createUser();
  const image = await storeImage(await photo(600, 400), anna.id);
  const recipe = await createRecipe(anna, { imageId: image.id });
  expect(filesOf(image.id)).toHaveLength(7);

  await deleteImage(image.id);

  expect(await rowOf(image.id)).toBeUndefined();
  expect(filesOf(image.id)).toEqual([]);
  const [after] = await getDb().select().from(recipes).where(eq(recipes.id, recipe.id));
  expect(after?.imageId).toBeNull();
});

test('the image of a deleted recipe goes with it; one still in use stays', async () => {
  const beat = await createUser();
  const image = await storeImage(await photo(600, 400), beat.id);
  const recipe = await createRecipe(beat, { imageId: image.id });

  expect(await deleteImageIfUnused(image.id)).toBe(false);
  expect(await rowOf(image.id)).toBeDefined();
  expect(filesOf(image.id)).toHaveLength(7);

  await getDb().delete(recipes).where(eq(recipes.id, recipe.id));
  expect(await deleteImageIfUnused(image.id)).toBe(true);
  expect(await rowOf(image.id)).toBeUndefined();
  expect(filesOf(image.id)).toEqual([]);

  expect(await deleteImageIfUnused('not-a-uuid')).toBe(false);
  await expect(deleteImage('not-a-uuid')).resolves.toBeUndefined();
});

test('the sweep removes unattached uploads older than a day, keeps fresh and attached ones', async () => {
  const user = await createUser();
  const old = await storeImage(await photo(500, 400), user.id);
  const fresh = await storeImage(await photo(500, 400), user.id);
  const attached = await storeImage(await photo(500, 400), user.id);
  await createRecipe(user, { imageId: attached.id });
  await getDb().update(images).set({ createdAt: daysAgo(2) }).where(eq(images.id, old.id));
  await getDb().update(images).set({ createdAt: hoursAgo(23) }).where(eq(images.id, fresh.id));
  await getDb().update(images).set({ createdAt: daysAgo(30) }).where(eq(images.id, attached.id));

  const removed = await removeOrphanImages();

  expect(removed.images).toEqual([old.id]);
  expect(await rowOf(old.id)).toBeUndefined();
  expect(filesOf(old.id)).toEqual([]);
  for (const kept of [fresh, attached]) {
    expect(await rowOf(kept.id)).toBeDefined();
    expect(filesOf(kept.id)).toHaveLength(7);
  }
});

test('the sweep also removes old files that have no row (a crash before the insert), but not fresh ones', async () => {
  const storage = getStorage();
  const stray = randomUUID();
  const inProgress = randomUUID(); // files written, row about to follow
  for (const id of [stray, inProgress]) await storage.put(`images/${id}/480.jpg`, Buffer.from('x'), 'image/jpeg');
  const twoDaysAgo = daysAgo(2);
  utimesSync(path.join(uploads.root, 'images', stray, '480.jpg'), twoDaysAgo, twoDaysAgo);

  const removed = await removeOrphanImages();

  expect(removed.strayFolders).toEqual([stray]);
  expect(filesOf(stray)).toEqual([]);
  expect(filesOf(inProgress)).toEqual(['480.jpg']);
});

/** The image folders that still held files each time public content was marked changed during `body`. */
async function foldersAtEachChange(ids: string[], body: () => Promise<unknown>) {
  const seen: string[][] = [];
  const stop = onContentChange(() => seen.push(ids.filter((id) => filesOf(id).length > 0)));
  try {
    await body();
  } finally {
    stop();
  }
  return seen;
}

test('every removal of picture files marks public content changed once the files are gone, not before', async () => {
  const user = await createUser();
  const storage = getStorage();
  const [deleted, unused, ofAccount, orphan] = await Promise.all([1, 2, 3, 4].map(async () => storeImage(await photo(500, 400), user.id)));
  const stray = randomUUID();
  await storage.put(`images/${stray}/480.jpg`, Buffer.from('x'), 'image/jpeg');
  utimesSync(path.join(uploads.root, 'images', stray, '480.jpg'), daysAgo(2), daysAgo(2));
  await getDb().update(images).set({ createdAt: daysAgo(2) }).where(eq(images.id, orphan!.id));

  // Each signal tells every instance to forget its pictures (image-route.server.ts); one sent while
  // a file was still there would let an instance read it again and keep it.
  expect(await foldersAtEachChange([deleted!.id], () => deleteImage(deleted!.id))).toEqual([[]]);
  expect(await foldersAtEachChange([unused!.id], () => deleteImageIfUnused(unused!.id))).toEqual([[]]);
  await getDb().delete(images).where(eq(images.id, ofAccount!.id)); // an account's deletion took the row
  expect(await foldersAtEachChange([ofAccount!.id], () => removeImageFiles([ofAccount!.id]))).toEqual([[]]);
  const swept = await foldersAtEachChange([orphan!.id, stray], () => removeOrphanImages());
  expect(swept.length).toBeGreaterThan(0);
  expect(swept.at(-1)).toEqual([]);
  for (const id of [deleted, unused, ofAccount, orphan].map((image) => image!.id).concat(stray)) expect(filesOf(id)).toEqual([]);
});

test("a recipe's deletion marks public content changed once: after its picture's files are gone, or at once when it keeps none", async () => {
  const user = await createUser();
  const [own, shared] = await Promise.all([1, 2].map(async () => storeImage(await photo(500, 400), user.id)));
  const withOwnPicture = await createRecipe(user, { imageId: own!.id });
  const [withSharedPicture] = await Promise.all([createRecipe(user, { imageId: shared!.id }), createRecipe(user, { imageId: shared!.id })]);
  const withoutPicture = await createRecipe(user);

  // One signal, one round of confirmations from the other instances, sent once the files are gone.
  expect(await foldersAtEachChange([own!.id], () => deleteRecipe(user.id, withOwnPicture.id))).toEqual([[]]);
  expect(filesOf(own!.id)).toEqual([]);
  // A picture another recipe still shows stays, and the recipe's removal is signalled all the same.
  expect(await foldersAtEachChange([shared!.id], () => deleteRecipe(user.id, withSharedPicture!.id))).toEqual([[shared!.id]]);
  expect(await foldersAtEachChange([], () => deleteRecipe(user.id, withoutPicture.id))).toEqual([[]]);
  // A recipe already gone: nothing changed, nothing signalled.
  expect(await foldersAtEachChange([], () => deleteRecipe(user.id, withoutPicture.id))).toEqual([]);
});

test('a picture sent from memory is gone the moment it is deleted', async () => {
  const user = await createUser();
  const image = await storeImage(await photo(600, 400), user.id);
  const app = express().use('/images', serveImages());
  const server = app.listen(0, '127.0.0.1');
  onTestFinished(() => void server.close());
  await new Promise((resolve) => server.once('listening', resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/images/${image.id}/480.avif`;

  expect((await fetch(address)).status).toBe(200);
  // Its file taken away behind the app's back (no signal): still sent, so from memory.
  rmSync(path.join(uploads.root, 'images', image.id, '480.avif'));
  expect((await fetch(address)).status).toBe(200);
  await deleteImage(image.id);
  expect((await fetch(address)).status).toBe(404);
});
