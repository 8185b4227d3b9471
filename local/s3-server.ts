import S3rver from 's3rver';
import type { AddressInfo } from 'node:net';

/** Embedded s3rver (S3's API over a folder), with the images bucket configured. */
export async function startS3(options: { directory: string; bucket: string; port?: number }): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return { endpoint: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
