/**
 * For the hostile-input tests: a stack with one completed scan stored before any bad request, so each test can show
 * that the server still answers and that nothing stored before was lost or changed.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, scanForm } from './http';
import { faceJpeg } from './images';
import { startTestStack, type TestStack } from './stack';

export interface StackWithEarlierScan {
  stack: TestStack;
  /** The frontal face JPEG the earlier scan was made from. */
  frontal: Buffer;
  /** The earlier scan's response body. */
  earlier: Record<string, unknown>;
}

/**
 * Before the calling file's tests: a test stack and one acne scan of the frontal face, created (201) and completed;
 * after them the stack is closed. The fields are filled in once the tests run.
 */
export function stackWithEarlierScan(): StackWithEarlierScan {
  const fixture = {} as StackWithEarlierScan;
  beforeAll(async () => {
    fixture.stack = await startTestStack();
    fixture.frontal = await faceJpeg('frontal');
    const response = await fetch(`${fixture.stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: fixture.frontal, markers: 'acne' }), headers: bearer(fixture.stack.key) });
    expect(response.status).toBe(201);
    fixture.earlier = (await response.json()) as Record<string, unknown>;
    expect(fixture.earlier.status).toBe('completed');
  });
  afterAll(() => fixture.stack?.close());
  return fixture;
}

/** The server still answers, and the scan stored before the bad request is still there, unchanged. */
export async function expectEarlierScanUnchanged({ stack, earlier }: StackWithEarlierScan): Promise<void> {
  const response = await fetch(`${stack.apiUrl}/v1/scans/${earlier.scan_id}`, { headers: bearer(stack.key) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(earlier);
}
