import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, verifyPassword } from '../../functions/members/password';
import { sameToken } from '../../functions/sessions/session';

describe('passwords (scrypt from node:crypto)', () => {
  it('when a password is hashed, then only that password verifies, the salt differs each time, and the cost travels with the hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('when the stored hash is malformed or the decoy, then nothing verifies', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y', 'scrypt$16384$8$1$$']) expect(await verifyPassword('anything', stored)).toBe(false);
    expect(await verifyPassword('anything', await decoyHash())).toBe(false);
  });

  it('when tokens are compared, then equal ones match and any difference, length included, does not', () => {
    expect(sameToken('abc', 'abc')).toBe(true);
    expect(sameToken('abc', 'abd')).toBe(false);
    expect(sameToken('abc', 'abcd')).toBe(false);
    expect(sameToken('', 'a')).toBe(false);
  });
});
