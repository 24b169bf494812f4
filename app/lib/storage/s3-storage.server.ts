// Uploaded files in any S3-compatible store (AWS S3, MinIO, Garage, R2, …).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
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

function isNotFound(error: unknown) {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, endpoint } = options;
  const client = new S3Client({
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

  async function list(prefix: string): Promise<StoredEntry[]> {
    assertSafePrefix(prefix);
    const found: StoredEntry[] = [];
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
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
      await client.send(
        new PutObjectCommand({
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
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node.js the SDK's body is an http.IncomingMessage (a Readable).
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    list,

    async removePrefix(prefix) {
      const keys = (await list(prefix)).map((entry) => entry.key);
      // DeleteObjects takes at most 1000 keys per request.
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        const result = await client.send(
          new DeleteObjectsCommand({
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
      client.destroy();
    },
  };
}
