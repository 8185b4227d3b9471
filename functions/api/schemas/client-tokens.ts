/** POST /v1/client_tokens: the request a back end sends and the token it gets back. */
import { z } from 'zod';
import { CLIENT_TOKEN_SCOPES } from '../../keys/contract';
import { CLIENT_TOKEN_TTL } from '../../client-tokens/contract';
import { prefixedId, timestampSchema, userIdSchema } from './common';

export const clientTokenScopeSchema = z.enum(CLIENT_TOKEN_SCOPES).meta({ description: 'A scope a client token may carry.' });

export const clientTokenRequestSchema = z.strictObject({
  user_id: userIdSchema.meta({ description: 'The one user the token acts for: every scan it creates belongs to this user, and it reads only this user\'s scans and score.' }),
  scopes: z
    .array(clientTokenScopeSchema)
    .min(1)
    .optional()
    .meta({ description: `Default all of ${CLIENT_TOKEN_SCOPES.join(', ')}; each must also be a scope of the minting key.` }),
  expires_in: z
    .number()
    .int()
    .min(CLIENT_TOKEN_TTL.minSeconds)
    .max(CLIENT_TOKEN_TTL.maxSeconds)
    .optional()
    .meta({ description: `Seconds the token works: ${CLIENT_TOKEN_TTL.minSeconds} to ${CLIENT_TOKEN_TTL.maxSeconds} (24 h); default ${CLIENT_TOKEN_TTL.defaultSeconds} (15 minutes).` }),
});

export const clientTokenSchema = z.object({
  token: z.string().meta({ description: 'The Bearer credential for the app: `ct_test_…` or `ct_live_…`. Shown once; never stored.', examples: ['ct_test_3q2-7wEXAMPLEexampleEXAMPLEexampleEXAMPLE0'] }),
  token_id: prefixedId('ct', 'The token\'s id: `ct_` and 26 characters.'),
  user_id: userIdSchema,
  scopes: z.array(clientTokenScopeSchema),
  environment: z.enum(['test', 'live']),
  created_at: timestampSchema,
  expires_at: timestampSchema,
});
