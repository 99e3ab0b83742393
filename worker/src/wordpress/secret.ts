// WordPress application passwords at rest (issue 31): AES-256-GCM with a key from the environment.
//
//   WORDPRESS_SECRET_KEY           32 bytes, as 64 hex characters or base64 (openssl rand -base64 32)
//   WORDPRESS_SECRET_KEY_PREVIOUS  optional: the key before a rotation, still read (never written)
//
// Format (one string, stored in wordpress_connections.password_encrypted):
//   v1.<key id>.<iv>.<ciphertext>.<tag>   base64url parts; the key id is the first 8 hex characters of
//   the key's SHA-256 (which key to decrypt with, without trying them all); the IV is 12 random bytes;
//   the associated data (e.g. "site:42") binds a ciphertext to its row: copied to another row it does
//   not decrypt.
// Errors never carry the plaintext, the key or the ciphertext.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { NotConfiguredError, PermanentError } from '../errors.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretKey {
  id: string;
  key: Buffer;
}

/** A key from its text: 64 hex characters, or base64 / base64url of 32 bytes. */
export function parseSecretKey(text: string, name = 'WORDPRESS_SECRET_KEY'): SecretKey {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-f]{64}$/i.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const decoded = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (decoded.length === 32) key = decoded;
  }
  if (!key) throw new PermanentError(`${name} must be 32 bytes written as 64 hex characters or in base64 (e.g. openssl rand -base64 32)`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/**
 * The keys from the environment: the current one first (encrypts and decrypts), then the previous
 * one (decrypts only). Throws NotConfiguredError when WORDPRESS_SECRET_KEY is missing.
 */
export function secretKeysFrom(env: Record<string, string | undefined> = process.env): SecretKey[] {
  const current = env.WORDPRESS_SECRET_KEY?.trim();
  if (!current) throw new NotConfiguredError('Storing WordPress passwords', 'WORDPRESS_SECRET_KEY (32 bytes, hex or base64: openssl rand -base64 32)');
  const keys = [parseSecretKey(current)];
  const previous = env.WORDPRESS_SECRET_KEY_PREVIOUS?.trim();
  if (previous) keys.push(parseSecretKey(previous, 'WORDPRESS_SECRET_KEY_PREVIOUS'));
  return keys;
}

const b64 = (b: Buffer) => b.toString('base64url');

/**
 * Encrypts a secret with the first key.
 * @param associated what the ciphertext is bound to (its row: "site:42")
 */
export function encryptSecret(plaintext: string, keys: SecretKey[], associated = ''): string {
  const [{ id, key }] = keys;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, id, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
}

/**
 * Decrypts what encryptSecret wrote. Throws PermanentError when the format is unknown, no key has
 * its id, or it does not authenticate (another key, another row, altered).
 */
export function decryptSecret(stored: string, keys: SecretKey[], associated = ''): string {
  const parts = String(stored ?? '').split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new PermanentError('The stored WordPress password is not in a known format: enter the application password again');
  const [, id, iv, ciphertext, tag] = parts;
  const entry = keys.find((k) => k.id === id);
  if (!entry) throw new PermanentError('The stored WordPress password was encrypted with another WORDPRESS_SECRET_KEY: set that key (WORDPRESS_SECRET_KEY_PREVIOUS) or enter the application password again');
  try {
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associated, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new PermanentError('The stored WordPress password could not be decrypted (altered, or stored for another site): enter the application password again');
  }
}
