import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) with the OWASP 2024 minimum (19 MiB, 2 passes): ~30 ms per hash on one core here.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage (argon2id, salted, parameters inside the hash string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Checks a password against its stored hash; false on any malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A random, URL-safe secret (session tokens, generated passwords). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and one-time codes are stored only as this digest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A numeric one-time code of `length` digits, uniformly drawn. */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}
