/**
 * The environment that makes a test server hash passwords at scrypt N = 2^10 (1 MiB, a
 * millisecond or so) instead of production's 2^17 (128 MiB, half a second, several seconds
 * on a busy CI machine). The suites hash hundreds of passwords, and what they prove (who may
 * sign in, the limits, the sessions) does not depend on the cost. Servers refuse the variable
 * outside Vitest (lib/config.ts); a test that needs the full cost, such as the hashing gate's
 * (tests/api/sign-in-crowd.test.ts), starts its server without it (docs/decisions/236).
 */
export const TEST_PASSWORD_COST = { PETSTORE_TEST_PASSWORD_COST: "1024" } as const;

/** The same cost as scrypt parameters, for a test that stores a person's hash itself. */
export const TEST_SCRYPT_COST = { N: Number(TEST_PASSWORD_COST.PETSTORE_TEST_PASSWORD_COST), r: 8, p: 1 } as const;
