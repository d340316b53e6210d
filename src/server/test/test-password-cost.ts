import { setTestScryptCost, TEST_SCRYPT_COST } from '../lib/scrypt-cost.js';

// Every test file hashes passwords at the test cost (lib/passwords.ts says why); passwords.test.ts
// checks the shipped cost itself.
setTestScryptCost(TEST_SCRYPT_COST);
