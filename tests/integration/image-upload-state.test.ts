// The picture field's state (use-image-upload.ts): which picture the recipe
// form saves while pictures come and go. Pure functions; the browser journeys
// are in tests/browser/recipe-pictures.spec.ts.
import { expect, test } from 'vitest';
import { imageIdToSave, uploadedImage, type UploadState } from '../../app/features/recipes/use-image-upload.ts';
import type { ImageRef } from '../../app/features/images/image-urls.ts';

const zopf = { id: '11111111-1111-4111-8111-111111111111' } as ImageRef;
const kept = { image: zopf, fileName: 'zopf.jpg' };

test.each<[string, UploadState, string]>([
  ['nothing uploaded: the form’s own picture (an edit’s)', { status: 'idle' }, 'own'],
  ['uploaded', { status: 'done', progress: 100, fileName: 'zopf.jpg', image: zopf }, zopf.id],
  ['another one uploading', { status: 'uploading', progress: 40, fileName: 'neu.jpg', previous: kept }, zopf.id],
  ['another one refused', { status: 'failed', fileName: 'foto.jpg', error: 'kein JPEG', previous: kept }, zopf.id],
  ['removed', { status: 'idle', previous: null }, ''],
  ['removed, then one refused', { status: 'failed', fileName: 'foto.jpg', error: 'kein JPEG', previous: null }, ''],
  ['removed, then one uploading', { status: 'uploading', progress: 10, fileName: 'neu.jpg', previous: null }, ''],
])('%s', (_name, state, expected) => {
  expect(imageIdToSave(state, 'own')).toBe(expected);
  expect(uploadedImage(state)?.image.id ?? '').toBe(expected === 'own' ? '' : expected);
});
