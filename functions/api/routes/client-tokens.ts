/** POST /v1/client_tokens: a back end (secret key, `client_tokens:write`) mints a token for one of its users. */
import type { z } from 'zod';
import { CLIENT_TOKEN_SCOPES } from '../../keys/contract';
import { mintClientToken } from '../../client-tokens/contract';
import type { ApiDeps } from '../deps';
import { jsonBody } from '../json-body';
import { defineRoute } from '../route';
import { clientTokenRequestSchema, clientTokenSchema } from '../schemas/client-tokens';

export const createClientTokenRoute = defineRoute(
  {
    method: 'post',
    path: '/v1/client_tokens',
    operationId: 'createClientToken',
    tag: 'Apps',
    summary: 'Mint a client token for an app',
    description: [
      'Your back end mints a short-lived token for one of its users and hands it to your app (phone or web page), which',
      'then calls the API directly with `Authorization: Bearer ct_test_…`. A token acts for that one user: it creates',
      `scans for them, reads their scans, overlays and score, makes uploads, and nothing else (scopes among ${CLIENT_TOKEN_SCOPES.join(', ')}, each`,
      'also held by the minting key). It works until `expires_at` (default 15 minutes, at most 24 h) and stops when the',
      'minting key is revoked or expires. Its requests count against the account\'s rate limit.',
    ].join('\n'),
    auth: 'client_tokens:write',
    body: {
      description: '`user_id` (required), optional `scopes` and `expires_in` (seconds).',
      content: { 'application/json': { schema: clientTokenRequestSchema, read: jsonBody(4096), example: { user_id: 'user-42', expires_in: 900 } } },
    },
    responses: [{ status: 201, description: 'The token (shown once).', body: { contentType: 'application/json', schema: clientTokenSchema }, headers: ['Cache-Control'] }],
    errors: ['invalid_request', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/client_tokens" -H "Authorization: Bearer $SKIN_API_KEY" \\\n  -H "Content-Type: application/json" -d '{"user_id": "user-42"}'`,
  },
  (deps: ApiDeps) => async (c, { body: { value: request } }) => {
    const { token, record } = await mintClientToken({ tokens: deps.stores.clientTokens, clock: deps.clock }, c.get('principal'), {
      userId: request.user_id,
      scopes: request.scopes,
      expiresInSeconds: request.expires_in,
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
  },
);
