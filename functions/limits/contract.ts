/**
 * Rate limits: the limiter, its counters port and the response headers it sets. Everything else in this folder is
 * internal to it.
 */
export { rateLimitHeaders } from './rate-limit-headers';
export { type RateLimitCounters, RateLimiter } from './rate-limiter';
