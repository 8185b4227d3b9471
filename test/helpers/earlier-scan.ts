/**
 * For the hostile-input tests: a stack with one completed scan stored before any bad request, so each test can show
 * that the server still answers and that nothing stored before was lost or changed.
 */
import { expect } from 'vitest';
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

/** A test stack and one acne scan of the frontal face, created (201) and completed. */
export async function startStackWithEarlierScan(): Promise<StackWithEarlierScan> {
  const stack = await startTestStack();
  const frontal = await faceJpeg('frontal');
  const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: frontal, markers: 'acne' }), headers: bearer(stack.key) });
  expect(response.status).toBe(201);
  const earlier = (await response.json()) as Record<string, unknown>;
  expect(earlier.status).toBe('completed');
  return { stack, frontal, earlier };
}

/** The server still answers, and the scan stored before the bad request is still there, unchanged. */
export async function expectEarlierScanUnchanged({ stack, earlier }: StackWithEarlierScan): Promise<void> {
  const response = await fetch(`${stack.apiUrl}/v1/scans/${earlier.scan_id}`, { headers: bearer(stack.key) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(earlier);
}
