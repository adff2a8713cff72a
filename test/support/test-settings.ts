/**
 * Settings every server a test starts gets before its own, in the test's process or as a child process. Passwords
 * and client secrets are hashed at the lowest cost PASSWORD_HASH_COST allows (2^10: ~3 ms a hash, not ~100 ms): the
 * tests hash and check a few thousand of them, and the cost itself is covered by the tests of the hashing
 * (test/iam/password-hash-cost.test.ts), which set it.
 */
export const TEST_SETTINGS: Readonly<Record<string, string>> = { PASSWORD_HASH_COST: '10' };
