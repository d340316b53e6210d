// The scrypt cost new password hashes are made with (lib/passwords.ts), apart from that file so a test
// set-up can lower it without loading node:crypto before a test file's mock of it.

/** scrypt's cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** What the app hashes with: N=2^15, r=8, p=1 (OWASP's recommended floor), about 50 ms and 32 MiB per hash. */
export const SHIPPED_SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
/**
 * What the test runs hash with (src/server/test/test-password-cost.ts, a Vitest setup file): N=2^10,
 * about 1 ms and 1 MiB. The suite signs in thousands of times; at the shipped cost the key derivations
 * were most of some files' time (the budgets shared by several processes: 84 s, 23 s at this cost).
 * Rails' has_secure_password (min_cost in the test environment) and Devise (one stretch in tests) do the
 * same. A stored hash carries its own parameters, so either cost's hashes verify under the other.
 */
export const TEST_SCRYPT_COST: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

let cost: Readonly<ScryptCost> = SHIPPED_SCRYPT_COST;

/** The cost new hashes are made with. */
export function scryptCost(): Readonly<ScryptCost> {
  return cost;
}

/** Test runs only: new hashes (and the dummy) take `next`'s cost. The app itself never calls this. */
export function setTestScryptCost(next: Readonly<ScryptCost>): void {
  cost = next;
}
