import { vi } from 'vitest';

/**
 * Runs `work` with everything written to stdout and stderr captured instead of printed (the logger writes there),
 * and restores both streams afterwards even when `work` throws, so a test can assert what was logged.
 */
export async function withCapturedOutput<T>(work: () => Promise<T>): Promise<{ result: T; logged: string[] }> {
  const logged: string[] = [];
  const capture = (chunk: unknown) => {
    logged.push(String(chunk));
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    return { result: await work(), logged };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}
