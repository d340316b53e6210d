import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (OWASP's recommended floor): about 50 ms and 32 MiB per hash.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function optionsFor(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, optionsFor(PARAMS.N, PARAMS.r, PARAMS.p));
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for a stored value that is not a well-formed hash (never throws for one). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  // A key that decodes to (almost) nothing would compare equal to an equally short derived key.
  if (expected.length < 16) return false;
  let key: Buffer;
  try {
    key = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, optionsFor(Number(n), Number(r), Number(p)));
  } catch {
    return false;
  }
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

// No 0/O, 1/l/I: passwords are read aloud and typed on phones.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of `groups` groups of four characters joined by dashes (about 23 bits a group). */
export function generatePassword(groups = 4): string {
  const parts: string[] = [];
  for (let g = 0; g < groups; g += 1) {
    let part = '';
    for (let i = 0; i < 4; i += 1) part += ALPHABET[randomInt(ALPHABET.length)];
    parts.push(part);
  }
  return parts.join('-');
}
