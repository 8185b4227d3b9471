/**
 * API keys and scopes: the key record and its store port, hashing, issue and rotation, the principal and the scope
 * checks. Everything else in this folder is internal to it.
 */
export { hashApiKey, keyEnvironment, sameDigest } from './api-key';
export { type Principal, requireScope } from './authenticate';
export { issueKey } from './issue-key';
export type { ApiKeyRecord, KeyStore } from './key-store';
export { rotateKey } from './rotate-key';
export { CLIENT_TOKEN_SCOPES, type ClientTokenScope, isScope, type Scope, SCOPES } from './scopes';
