/**
 * Who is calling: the authenticator that turns an API key or a client token into a principal. Everything else in
 * this folder is internal to it.
 */
export { KeyAuthenticator } from './key-authenticator';
