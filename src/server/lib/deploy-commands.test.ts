import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Commands of docs/deploy.md that run where an operator does not watch them. The nightly backup runs
 * `parley-admin` from /etc/cron.d, whose PATH is cron's default, /usr/bin:/bin; Debian keeps runuser
 * in /usr/sbin, so a script that calls plain `runuser` fails there every night without a word.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const deployDoc = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');

/** The body of the doc's `cat > /usr/local/bin/parley-admin <<'END'` heredoc. */
function parleyAdminScript(): string {
  const found = /cat > \/usr\/local\/bin\/parley-admin <<'END'\n([\s\S]*?)\nEND\n/.exec(deployDoc);
  if (!found?.[1]) throw new Error('docs/deploy.md has no parley-admin heredoc');
  return found[1];
}

describe("docs/deploy.md's parley-admin", () => {
  it("finds runuser with cron's PATH (/usr/bin:/bin)", () => {
    // A user that does not exist, so that nothing runs: runuser itself then refuses, which it can
    // only do once it is found (as root: "user … does not exist"; otherwise: "may not be used by
    // non-root users"). Not found, bash answers 127 "runuser: not found".
    const script = parleyAdminScript().replace('-u parley ', '-u parley-no-such-user ');
    expect(script).toContain('-u parley-no-such-user ');
    const run = spawnSync('/bin/bash', ['-c', script, 'parley-admin', 'backup', '/nonexistent/x.parley'], {
      // cron's environment; a HOME without a .bashrc, which bash may read when stdin is a socket.
      env: { PATH: '/usr/bin:/bin', HOME: '/nonexistent', SHELL: '/bin/sh' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.stderr).not.toMatch(/not found/);
    expect(run.stderr).toMatch(/runuser: /);
    expect(run.status).toBe(1);
  });
});
