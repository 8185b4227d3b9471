/**
 * Client tokens for apps that call the API directly: the token record and its store port, minting, and the checks
 * of what a token may call. Everything else in this folder is internal to it.
 */
export type { ClientTokenStore } from './client-token-store';
export { CLIENT_TOKEN_TTL, type ClientTokenRecord, isClientToken } from './client-token';
export { mintClientToken } from './mint-client-token';
export { actingUserId, assertTokenMayCall, mayRead } from './token-access';
