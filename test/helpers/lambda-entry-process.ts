/**
 * The real API Lambda entry (functions/runtime/lambda/api.ts) in a process of its own, as the Lambda runtime would host
 * it: reads API Gateway proxy events as JSON lines on stdin and writes each result as one JSON line on stdout.
 * The stack's endpoints come from the environment. A crash of the handler is a crash of this process (exit code),
 * exactly what the runtime would see.
 */
import { createInterface } from 'node:readline';
import type { Context } from 'aws-lambda';

const { handler } = await import('../../functions/runtime/lambda/api');
const context = { functionName: 'skin-api-test', awsRequestId: 'lambda-test' } as Context;

for await (const line of createInterface({ input: process.stdin })) {
  const result = await handler(JSON.parse(line), context);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
