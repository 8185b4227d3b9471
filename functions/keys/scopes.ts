/** Scopes (DESIGN.md section 3); a key created without `--scopes` has all of them. */
export const SCOPES = [
  'scans:write',
  'scans:read',
  'ingredients:read',
  'routines:write',
  'routines:read',
  'scores:read',
  'users:delete',
  'client_tokens:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** What a client token (functions/client-tokens) may carry: create and read one user's scans and score. */
export const CLIENT_TOKEN_SCOPES = ['scans:write', 'scans:read', 'scores:read'] as const satisfies readonly Scope[];

export type ClientTokenScope = (typeof CLIENT_TOKEN_SCOPES)[number];
