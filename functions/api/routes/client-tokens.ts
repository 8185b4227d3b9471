import { Hono } from 'hono';
import type { z } from 'zod';
import { requireScope } from '../../keys/authenticate';
import { mintClientToken } from '../../client-tokens/mint-client-token';
import type { ApiDeps, ApiEnv } from '../deps';
import { readJsonBody } from '../json-body';
import { parseInput } from '../schemas/parse-input';
import { clientTokenRequestSchema, type clientTokenSchema } from '../schemas/client-tokens';

/** POST /v1/client_tokens: a back end (secret key, `client_tokens:write`) mints a token for one of its users. */
export function clientTokenRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'client_tokens:write');
    const body = parseInput(clientTokenRequestSchema, await readJsonBody(c.req.raw, 4096));
    const { token, record } = await mintClientToken({ tokens: deps.stores.clientTokens, clock: deps.clock }, principal, {
      userId: body.user_id,
      scopes: body.scopes,
      expiresInSeconds: body.expires_in,
    });
    const answer: z.output<typeof clientTokenSchema> = {
      token,
      token_id: record.token_id,
      user_id: record.user_id,
      scopes: record.scopes,
      environment: record.environment,
      created_at: record.created_at,
      expires_at: record.expires_at,
    };
    // The token is a credential: never cached by anything between.
    return c.json(answer, 201, { 'Cache-Control': 'no-store' });
  });
  return app;
}
