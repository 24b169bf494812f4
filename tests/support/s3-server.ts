// An S3-compatible server (s3rver) on a free loopback port with its files in a
// temporary directory, for testing the S3 storage against real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../../app/lib/storage/s3-storage.server.ts';

export async function startS3Server(bucket = 'chuchiblog') {
  const directory = mkdtempSync(path.join(tmpdir(), 'chuchiblog-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver checks signatures against these fixed credentials.
  const options = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  } satisfies S3StorageOptions;
  return {
    options,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
