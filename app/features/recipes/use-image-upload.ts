// Uploads the chosen picture at once, over XMLHttpRequest because fetch()
// reports no upload progress. The server (POST /api/uploads) checks and
// processes it and answers with the stored image or a German message. A
// picture once uploaded stays the recipe's while another one uploads and when
// that one is refused; only "Bild entfernen" takes it away.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_INPUT_BYTES } from '../images/image-limits.ts';
import type { ImageRef } from '../images/image-urls.ts';

export const UPLOAD_URL = '/api/uploads';

/** A picture the server stored for this form, and the name of its file. */
export type UploadedImage = { image: ImageRef; fileName: string };

/**
 * The picture before the current state: one uploaded, `null` once the reader took it away
 * ("Bild entfernen", which no later refused upload undoes), undefined while there was none.
 */
type Previous = UploadedImage | null | undefined;

export type UploadState =
  | { status: 'idle'; previous?: Previous }
  /** progress: percent of the bytes sent, at most 99 until the server has stored the picture. */
  | { status: 'uploading'; progress: number; fileName: string; previous?: Previous }
  | { status: 'done'; progress: 100; fileName: string; image: ImageRef }
  | { status: 'failed'; fileName: string; error: string; previous?: Previous };

/** The picture uploaded last: the one just done, or the one kept while another uploads or after it failed. */
export function uploadedImage(state: UploadState): UploadedImage | undefined {
  if (state.status === 'done') return { image: state.image, fileName: state.fileName };
  return state.previous ?? undefined;
}

/** Whether the reader took the picture away, and none came since. */
export function imageRemoved(state: UploadState) {
  return state.status !== 'done' && state.previous === null;
}

/** The picture the form saves: the one uploaded last, none once removed, else the form's own (an edit's). */
export function imageIdToSave(state: UploadState, own: string) {
  if (imageRemoved(state)) return '';
  return uploadedImage(state)?.image.id ?? own;
}

const FAILED = 'Das Bild konnte nicht hochgeladen werden. Bitte versuche es noch einmal.';

function errorOf(response: unknown) {
  if (response && typeof response === 'object' && 'error' in response && typeof response.error === 'string') return response.error;
  return FAILED;
}

function imageOf(response: unknown): ImageRef | undefined {
  if (response && typeof response === 'object' && 'image' in response && response.image && typeof response.image === 'object') {
    // The server's answer (receiveImageUpload); the id is what the form needs.
    const image = response.image as Partial<ImageRef>;
    if (typeof image.id === 'string' && Array.isArray(image.widths)) return image as ImageRef;
  }
  return undefined;
}

export function useImageUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const request = useRef<XMLHttpRequest | null>(null);
  const stored = useRef<Previous>(undefined);

  // Leaving the page stops an upload in progress.
  useEffect(() => () => request.current?.abort(), []);

  /** Stops the upload under way, if any, without its answer changing anything. */
  function stopRunning() {
    const running = request.current;
    request.current = null;
    running?.abort();
  }

  const upload = useCallback((file: File) => {
    stopRunning();
    const fileName = file.name;
    const previous = stored.current;
    if (file.size > MAX_INPUT_BYTES) {
      setState({ status: 'failed', fileName, error: 'Das Bild ist zu gross: erlaubt sind höchstens 20 MB.', previous });
      return;
    }
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open('POST', UPLOAD_URL);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const progress = Math.min(99, Math.floor((event.loaded / event.total) * 100));
      setState({ status: 'uploading', progress, fileName, previous });
    };
    xhr.onload = () => {
      if (request.current !== xhr) return;
      const image = xhr.status === 201 ? imageOf(xhr.response) : undefined;
      if (image) stored.current = { image, fileName };
      setState(image ? { status: 'done', progress: 100, fileName, image } : { status: 'failed', fileName, error: errorOf(xhr.response), previous });
    };
    xhr.onerror = () => {
      if (request.current === xhr) setState({ status: 'failed', fileName, error: FAILED, previous });
    };
    // Stopped before its answer (the page left; in development React's StrictMode also stops it in
    // the mount it replays): back to the picture before, not stuck at "uploading".
    xhr.onabort = () => {
      if (request.current === xhr) setState({ status: 'idle', previous });
    };
    setState({ status: 'uploading', progress: 0, fileName, previous });
    xhr.send(file);
  }, []);

  /** The recipe goes without a picture (the upload's file is swept away later with the other unused ones). */
  const remove = useCallback(() => {
    stopRunning();
    stored.current = null;
    setState({ status: 'idle', previous: null });
  }, []);

  return { state, upload, remove };
}
