// Uploaded files in any S3-compatible store (AWS S3, MinIO, Garage, R2, …).
import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertSafeKey, assertSafePrefix } from './storage-key.server.ts';
import type { Storage, StoredEntry } from './storage.server.ts';

export type S3StorageOptions = {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Set for anything but AWS itself, e.g. "http://127.0.0.1:9000". */
  endpoint?: string;
  region?: string;
};

/**
 * The SDK is loaded when a store is made, not with the server: a blog that keeps its pictures in
 * DATA_DIR (the default) never loads it (160 ms and 37 MB when loaded alone).
 */
const loadSdk = () => import('@aws-sdk/client-s3');
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

export function createS3Storage(options: S3StorageOptions): Storage {
  const connected = loadSdk().then((sdk) => ({ sdk, client: connect(sdk, options) }));
  // A failed load is each call's error, not the process's (an unhandled rejection ends it).
  connected.catch(() => {});
  const { bucket } = options;

  async function list(prefix: string): Promise<StoredEntry[]> {
    assertSafePrefix(prefix);
    const { sdk, client } = await connected;
    const found: StoredEntry[] = [];
    for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        found.push({ key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) });
      }
    }
    return found;
  }

  return {
    kind: 's3',

    async put(key, data, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await connected;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },

    async get(key) {
      assertSafeKey(key);
      const { sdk, client } = await connected;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node.js the SDK's body is an http.IncomingMessage (a Readable).
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },

    list,

    async removePrefix(prefix) {
      const keys = (await list(prefix)).map((entry) => entry.key);
      const { sdk, client } = await connected;
      // DeleteObjects takes at most 1000 keys per request.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const result = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`S3 could not delete ${failed.length} object(s), e.g. ${failed[0]?.Key}: ${failed[0]?.Message}`);
        }
      }
    },

    close() {
      // Nothing to release if the SDK never loaded (and no rejection left unhandled).
      connected.then(({ client }) => client.destroy(), () => {});
    },
  };
}

function connect(sdk: Sdk, options: S3StorageOptions): S3Client {
  const { endpoint } = options;
  return new sdk.S3Client({
    region: options.region ?? 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK waits forever by default: a store that stops answering, or stops sending a file
    // midway, would hold the request (and those sharing its read) for good. 30 s of silence is a failure.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    ...(endpoint && {
      endpoint,
      // Self-hosted stores rarely resolve "<bucket>.<host>" names.
      forcePathStyle: true,
      // Since SDK 3.729 every request carries CRC checksums by default; many
      // S3-compatible stores reject or mangle them. Send them only where the
      // API demands one (DeleteObjects). https://github.com/aws/aws-sdk-js-v3/issues/6810
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    }),
  });
}
