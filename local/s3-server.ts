import S3rver from 's3rver';
import type { AddressInfo } from 'node:net';
import { LOCAL_CREDENTIALS } from '../functions/adapters/aws/clients';
import { UPLOAD_CORS_RULE } from '../functions/uploads/upload-limits';
import { startS3Gate } from './s3-gate';

/**
 * Embedded s3rver (S3's API over a folder), with the images bucket configured: the bucket's CORS rule (the one the
 * CDK stack sets) and, in front, the gate that enforces presigned POST policies, which s3rver ignores. The
 * endpoint handed out is the gate's; it passes every other request through.
 */
export async function startS3(options: { directory: string; bucket: string; port?: number }): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [corsXml()] }],
  });
  const address = (await server.run()) as AddressInfo;
  const gate = await startS3Gate({ target: `http://127.0.0.1:${address.port}`, bucket: options.bucket, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey, port: options.port });
  return {
    endpoint: gate.endpoint,
    async close() {
      await gate.close();
      await server.close();
    },
  };
}

function corsXml(): string {
  const rule = UPLOAD_CORS_RULE;
  const list = (tag: string, values: readonly string[]) => values.map((value) => `<${tag}>${value}</${tag}>`).join('');
  return [
    '<CORSConfiguration><CORSRule>',
    list('AllowedOrigin', rule.allowedOrigins),
    list('AllowedMethod', rule.allowedMethods),
    list('AllowedHeader', rule.allowedHeaders),
    list('ExposeHeader', rule.exposedHeaders),
    `<MaxAgeSeconds>${rule.maxAgeSeconds}</MaxAgeSeconds>`,
    '</CORSRule></CORSConfiguration>',
  ].join('');
}
