import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The local deployment's CURSOR_SECRET: generated on the first start and kept in DATA_DIR/cursor-secret (mode
 * 600), so cursors handed out before a restart still work after it. Deleting the file only invalidates cursors.
 */
export async function ensureCursorSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'cursor-secret');
  const existing = await readFile(file, 'utf8').then((text) => text.trim(), () => '');
  if (existing.length >= 32) return existing;
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
