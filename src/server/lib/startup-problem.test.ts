import { describe, expect, it } from 'vitest';
import { startupProblem } from './startup-problem.js';

describe('what an operator reads when the server cannot start', () => {
  it('says what to do for the errors a first installation meets, never a stack', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED', address: '127.0.0.1', port: 5499 });
    expect(startupProblem(refused)).toBe('Nothing answered at 127.0.0.1:5499 (connection refused). Start the database (or Redis) it names, or correct DATABASE_URL (or REDIS_URL).');
    const denied = Object.assign(new Error("EACCES: permission denied, open '/var/lib/parley/parley.lock'"), { code: 'EACCES', path: '/var/lib/parley/parley.lock' });
    expect(startupProblem(denied)).toMatch(/^This user may not write \/var\/lib\/parley\/parley\.lock \(EACCES\)\. Make DATA_DIR belong to the user/);
    const missing = Object.assign(new Error('database "parley" does not exist'), { code: '3D000' });
    expect(startupProblem(missing)).toBe('PostgreSQL says: database "parley" does not exist. Create the database first (createdb), or correct the name in DATABASE_URL.');
    expect(startupProblem(Object.assign(new Error('password authentication failed for user "parley"'), { code: '28P01' }))).toMatch(/^PostgreSQL refused the user in DATABASE_URL/);
    expect(startupProblem(Object.assign(new Error('getaddrinfo ENOTFOUND db.lan'), { code: 'ENOTFOUND' }))).toMatch(/was not found \(ENOTFOUND\)/);
  });

  it('leaves anything else to be shown as it is', () => {
    expect(startupProblem(new Error('something else'))).toBeNull();
    expect(startupProblem('a string')).toBeNull();
  });
});
