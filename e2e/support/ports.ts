import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Ports a test hands to a server it starts are taken below the kernel's ephemeral range. A port the
 * kernel gave out with listen(0) is free only until the server binds it, and the app binds only
 * after its database has started (tens of seconds on a busy machine): in that gap any outgoing
 * connection of a test running beside it (a browser, a fetch) may be given the same port as its
 * local end, and the server then fails with "address in use" (a CI run failed so). Outgoing
 * connections never take a port below the ephemeral range, and the claim file below keeps two test
 * processes from choosing the same one.
 */
const LOWEST = 10_000;
const CLAIMS_DIR = path.join(os.tmpdir(), 'parley-test-ports');
/** A claim older than this is from a run that is over (no test holds a port this long unbound). */
const CLAIM_LIFETIME_MS = 30 * 60 * 1000;

/** The first port of the kernel's ephemeral range (Linux), or null where it cannot be read. */
function ephemeralLow(): number | null {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : null;
  } catch {
    return null;
  }
}

/** Claims `port` for this process, across every test process on the machine; false when another holds it. */
function claim(port: number): boolean {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  const file = path.join(CLAIMS_DIR, String(port));
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - statSync(file).mtimeMs < CLAIM_LIFETIME_MS) return false;
      writeFileSync(file, String(process.pid));
      return true;
    } catch {
      return false;
    }
  }
}

function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      probe.close(() => resolve(bound));
    });
  });
}

/** A TCP port free on 127.0.0.1 now, that nothing else will be given meanwhile (for a server process the test starts itself). */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  if (low !== null) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const port = randomInt(LOWEST, low);
      if (claim(port) && (await listenOnce(port)) === port) return port;
    }
  }
  const given = await listenOnce(0);
  if (given === null) throw new Error('no free TCP port on 127.0.0.1');
  return given;
}
