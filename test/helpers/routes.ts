import type { Scope } from '../../functions/keys/scopes';
import { scanForm } from './http';
import { faceJpeg } from './images';

/** One authenticated route and a request to it that succeeds with the right scope. */
export interface RouteCase {
  name: string;
  scope: Scope | null;
  /** Builds the request; `scanId` is an existing completed scan of the caller's tenant, of user `userId`; `routineId` a routine. */
  request: (ctx: { scanId: string; userId: string; routineId: string }) => Promise<{ method: string; path: string; body?: BodyInit; headers?: Record<string, string> }>;
  okStatus: number;
  /** Scopes the successful request needs besides `scope` (a client token's scopes must be the minting key's too). */
  alsoNeeds?: Scope[];
}

/** Every authenticated route of the API, with its scope (DESIGN.md section 3). Extend as routes land. */
export const ROUTES: RouteCase[] = [
  {
    name: 'POST /v1/scans',
    scope: 'scans:write',
    request: async () => ({ method: 'POST', path: '/v1/scans', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }) }),
    okStatus: 201,
  },
  { name: 'GET /v1/scans', scope: 'scans:read', request: async () => ({ method: 'GET', path: '/v1/scans' }), okStatus: 200 },
  { name: 'GET /v1/scans/{id}', scope: 'scans:read', request: async ({ scanId }) => ({ method: 'GET', path: `/v1/scans/${scanId}` }), okStatus: 200 },
  { name: 'GET /v1/scans/{id}/overlay', scope: 'scans:read', request: async ({ scanId }) => ({ method: 'GET', path: `/v1/scans/${scanId}/overlay?marker=acne` }), okStatus: 200 },
  { name: 'DELETE /v1/scans/{id}', scope: 'scans:write', request: async ({ scanId }) => ({ method: 'DELETE', path: `/v1/scans/${scanId}` }), okStatus: 204 },
  {
    name: 'POST /v1/ingredients/analyze',
    scope: 'ingredients:read',
    request: async () => ({
      method: 'POST',
      path: '/v1/ingredients/analyze',
      body: JSON.stringify({ ingredients: 'Aqua, Glycerin, Niacinamide' }),
      headers: { 'Content-Type': 'application/json' },
    }),
    okStatus: 200,
  },
  { name: 'GET /v1/users/{id}/score', scope: 'scores:read', request: async ({ userId }) => ({ method: 'GET', path: `/v1/users/${userId}/score` }), okStatus: 200 },
  { name: 'DELETE /v1/users/{id}', scope: 'users:delete', request: async ({ userId }) => ({ method: 'DELETE', path: `/v1/users/${userId}` }), okStatus: 204 },
  {
    name: 'POST /v1/routines',
    scope: 'routines:write',
    request: async ({ scanId }) => ({
      method: 'POST',
      path: '/v1/routines',
      body: JSON.stringify({ scan_id: scanId, profile: { skin_type: 'dry' } }),
      headers: { 'Content-Type': 'application/json' },
    }),
    okStatus: 201,
  },
  { name: 'GET /v1/routines/{id}', scope: 'routines:read', request: async ({ routineId }) => ({ method: 'GET', path: `/v1/routines/${routineId}` }), okStatus: 200 },
  { name: 'GET /v1/markers', scope: null, request: async () => ({ method: 'GET', path: '/v1/markers' }), okStatus: 200 },
  {
    name: 'POST /v1/client_tokens',
    scope: 'client_tokens:write',
    request: async ({ userId }) => ({ method: 'POST', path: '/v1/client_tokens', body: JSON.stringify({ user_id: userId, scopes: ['scans:read'] }), headers: { 'Content-Type': 'application/json' } }),
    okStatus: 201,
    alsoNeeds: ['scans:read'],
  },
  {
    name: 'POST /v1/uploads',
    scope: 'scans:write',
    request: async () => ({ method: 'POST', path: '/v1/uploads', body: JSON.stringify({ content_type: 'image/jpeg' }), headers: { 'Content-Type': 'application/json' } }),
    okStatus: 201,
  },
];
