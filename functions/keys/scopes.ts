/** Scopes (DESIGN.md section 3); a key created without `--scopes` has all of them. */
export const SCOPES = [
  'scans:write',
  'scans:read',
  'ingredients:read',
  'routines:write',
  'routines:read',
  'scores:read',
  'users:delete',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
