import { randomBytes } from 'node:crypto';

/** A random token of `bytes` bytes, URL-safe (base64url). 16 bytes = 128 bits. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Lowercase hex of `bytes` random bytes. */
export function randomHex(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

/** SHA-256 of a secret as hex: tokens and keys are stored only this way. */
export function hashSecret(secret: string): string {
  return new Bun.CryptoHasher('sha256').update(secret).digest('hex');
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);
