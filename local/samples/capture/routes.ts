import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

const HERE = fileURLToPath(new URL('.', import.meta.url));
/** The user the sample scans as; a real back end would use its signed-in user's id. */
export const SAMPLE_USER_ID = 'sample-user';

/**
 * The capture sample (local stack only): the page, its script, and the one back-end endpoint an app needs, which
 * turns the secret key (the local sandbox key in DATA_DIR/sandbox-key) into a client token for the page.
 */
export function sampleCaptureRoutes(options: { dataDir: string; apiUrl: () => string }): Hono {
  const app = new Hono();
  app.get('/samples/capture', async (c) => c.html(await readFile(join(HERE, 'index.html'), 'utf8')));
  app.get('/samples/capture/capture.js', async (c) =>
    c.body(await readFile(join(HERE, 'capture.js'), 'utf8'), 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.post('/samples/capture/token', async (c) => {
    const key = await readFile(join(options.dataDir, 'sandbox-key'), 'utf8').then((k) => k.trim(), () => '');
    if (!key) return c.json({ detail: 'No sandbox key in DATA_DIR/sandbox-key: start the stack with `npm start` once, or write a key there.' }, 503);
    const response = await fetch(`${options.apiUrl()}/v1/client_tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: SAMPLE_USER_ID, expires_in: 900 }),
    });
    const body = (await response.json()) as { token?: string; expires_at?: string; detail?: string };
    if (!response.ok) return c.json({ detail: body.detail }, 502);
    return c.json({ token: body.token, expires_at: body.expires_at }, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
