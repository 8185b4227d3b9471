/** This package's version (test/client/package.test.ts checks it equals package.json's): sent in `User-Agent`. */
export const VERSION = '2.0.0';
