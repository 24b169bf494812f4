// Uploads the chosen picture at once, over XMLHttpRequest because fetch()
// reports no upload progress. The server (POST /api/uploads) checks and
// processes it and answers with the stored image or a German message.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_INPUT_BYTES } from '../images/image-limits.ts';
import type { ImageRef } from '../images/image-urls.ts';

export const UPLOAD_URL = '/api/uploads';

export type UploadState =
  | { status: 'idle' }
  /** progress: percent of the bytes sent, at most 99 until the server has stored the picture. */
  | { status: 'uploading'; progress: number; fileName: string }
  | { status: 'done'; progress: 100; fileName: string; image: ImageRef }
  | { status: 'failed'; fileName: string; error: string };

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

  // Leaving the page stops an upload in progress.
  useEffect(() => () => request.current?.abort(), []);

  const upload = useCallback((file: File) => {
    request.current?.abort();
    const fileName = file.name;
    if (file.size > MAX_INPUT_BYTES) {
      setState({ status: 'failed', fileName, error: 'Das Bild ist zu gross: erlaubt sind höchstens 20 MB.' });
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
      setState({ status: 'uploading', progress, fileName });
    };
    xhr.onload = () => {
      if (request.current !== xhr) return;
      const image = xhr.status === 201 ? imageOf(xhr.response) : undefined;
      setState(image ? { status: 'done', progress: 100, fileName, image } : { status: 'failed', fileName, error: errorOf(xhr.response) });
    };
    xhr.onerror = () => {
      if (request.current === xhr) setState({ status: 'failed', fileName, error: FAILED });
    };
    setState({ status: 'uploading', progress: 0, fileName });
    xhr.send(file);
  }, []);

  return { state, upload };
}
