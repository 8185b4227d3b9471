/**
 * A user's data across every store: its erasure. Everything else in this folder is internal to it.
 */
export { eraseUser } from './erase-user';
