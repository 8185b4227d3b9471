import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The smallest SQS endpoint the bundled functions need: SendMessage over the JSON protocol, answered with the
 * MD5 the SDK verifies. Messages are recorded for assertions. (The local queue of the project is in-process,
 * not HTTP, so a bundle running in another process cannot use it.)
 */
export async function startFakeSqs(): Promise<{
  endpoint: string;
  queueUrl(name: string): string;
  sent: Array<{ queueUrl: string; body: string }>;
  close(): Promise<void>;
}> {
  const sent: Array<{ queueUrl: string; body: string }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { QueueUrl?: string; MessageBody?: string };
      if (target !== 'AmazonSQS.SendMessage' || input.MessageBody === undefined) {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: 'com.amazonaws.sqs#UnsupportedOperation', message: target }));
        return;
      }
      sent.push({ queueUrl: input.QueueUrl ?? '', body: input.MessageBody });
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(
        JSON.stringify({ MessageId: randomUUID(), MD5OfMessageBody: createHash('md5').update(input.MessageBody).digest('hex') }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    queueUrl: (name) => `${endpoint}/000000000000/${name}`,
    sent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
