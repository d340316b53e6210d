import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptCost } from './scrypt-cost.js';

const KEY_LENGTH = 32;

/** A stored `scrypt$N$r$p$salt$hash` read into its parts. */
interface ScryptHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * A password as it is hashed: in Unicode's NFKC form (NIST SP 800-63B, 5.1.1.2), so that the same
 * characters typed by another keyboard ("é" as one character or as "e" and an accent, full-width
 * letters from an Asian input method) are the same password.
 */
function normalized(password: string): string {
  return password.normalize('NFKC');
}

/**
 * The spellings a typed password is checked in: the normalised one, and as typed when that differs
 * (a hash made before passwords were normalised). The second derivation depends only on what was
 * typed, never on the account, so it tells an observer nothing.
 */
function spellings(password: string): string[] {
  const form = normalized(password);
  return form === password ? [form] : [form, password];
}

/** The key `password` gives with the salt, parameters and key length of `like`; null when those parameters are not ones scrypt takes. */
async function deriveKey(password: string, like: ScryptHash): Promise<Buffer | null> {
  try {
    return await scryptAsync(password, like.salt, like.key.length, { N: like.N, r: like.r, p: like.p, maxmem: 256 * like.N * like.r });
  } catch {
    return null;
  }
}

/** The parts of a stored hash; null for a value that is not a well-formed one. */
function parseHash(stored: string): ScryptHash | null {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return null;
  const key = Buffer.from(keyText, 'base64url');
  // A key that decodes to (almost) nothing would compare equal to an equally short derived key.
  if (key.length < 16) return null;
  const [N, blockSize, parallel] = [Number(n), Number(r), Number(p)];
  // Parameters a damaged row could carry that would make every sign-in allocate gigabytes (128·N·r
  // bytes): anything past OWASP's strongest scrypt setting (N = 2^17, r = 8) with room to spare is not a hash of ours.
  if (!(N <= 2 ** 17 && blockSize <= 16 && parallel <= 4)) return null;
  return { N, r: blockSize, p: parallel, salt: Buffer.from(saltText, 'base64url'), key };
}

function formatHash({ N, r, p, salt, key }: ScryptHash): string {
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `key`, derived with `like`'s salt and parameters, is `stored`'s key (constant time; false when `stored` was derived otherwise). */
function keyMatches(key: Buffer | null, like: ScryptHash, stored: ScryptHash | null): boolean {
  if (!key || !stored) return false;
  const sameDerivation = stored.N === like.N && stored.r === like.r && stored.p === like.p && stored.salt.equals(like.salt);
  return sameDerivation && stored.key.length === key.length && timingSafeEqual(key, stored.key);
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const like: ScryptHash = { ...scryptCost(), salt: randomBytes(16), key: Buffer.alloc(KEY_LENGTH) };
  const key = await deriveKey(normalized(password), like);
  if (!key) throw new Error('scrypt refused the built-in parameters');
  return formatHash({ ...like, key });
}

/**
 * A hash of `password` with the salt, parameters and key length of `sibling`, another hash of the
 * same account (its own password's), so that verifyPasswordPair checks a typed password against both
 * with one key derivation. A fresh salt (hashPassword) when `sibling` is not a usable hash.
 */
export async function hashPasswordBeside(password: string, sibling: string): Promise<string> {
  const like = parseHash(sibling);
  const key = like && (await deriveKey(normalized(password), like));
  return like && key ? formatHash({ ...like, key }) : hashPassword(password);
}

/** False for a wrong password and for a stored value that is not a well-formed hash (never throws for one). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  for (const spelling of spellings(password)) if (keyMatches(await deriveKey(spelling, parsed), parsed, parsed)) return true;
  return false;
}

/**
 * Which of an account's two stored hashes a typed password matches, from ONE key derivation (with
 * `own`'s salt and parameters; a second only for a password typed in another spelling than its
 * normal form, `spellings`): `own`, its password's, and `beside`, made by hashPasswordBeside from
 * `own` (a mailed temporary password's). A `beside` derived otherwise (another salt: made for an
 * earlier password) never matches. Always one derivation, also with `beside` null or malformed, and
 * with an `own` whose parameters scrypt refuses (a damaged row): then `beside` (made with a fresh salt
 * by hashPasswordBeside) is derived for, so the mailed password still lets the owner in, or the dummy.
 */
export async function verifyPasswordPair(password: string, own: string, beside: string | null): Promise<{ own: boolean; beside: boolean }> {
  const ownHash = parseHash(own);
  const besideHash = beside === null ? null : parseHash(beside);
  let matches = { own: false, beside: false };
  for (const spelling of spellings(password)) {
    // A refused derivation fails at once, without deriving: the next candidate then costs the one derivation.
    for (const like of [ownHash, besideHash, dummyHash()]) {
      const key = like && (await deriveKey(spelling, like));
      if (!like || !key) continue;
      matches = { own: keyMatches(key, like, ownHash), beside: keyMatches(key, like, besideHash) };
      break;
    }
    if (matches.own || matches.beside) return matches;
  }
  return matches;
}

let dummy: ScryptHash | undefined;
/** A hash no password matches (random salt and key: making it costs no derivation), with the current parameters. */
function dummyHash(): ScryptHash {
  const cost = scryptCost();
  if (dummy?.N !== cost.N || dummy.r !== cost.r || dummy.p !== cost.p) dummy = { ...cost, salt: randomBytes(16), key: randomBytes(KEY_LENGTH) };
  return dummy;
}

/** Spends the same time as a real check (one key derivation), so an unknown username cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  for (const spelling of spellings(password)) await deriveKey(spelling, dummyHash());
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
