/**
 * The application password sealed in the browser (issue 31, docs/worker.md#publishing-to-wordpress):
 * RSA-OAEP with SHA-256 under the worker's public key (get_wordpress_public_key), with WebCrypto, as
 * base64. Only the worker's private key opens it; the clear password never leaves the page.
 */

/** The worker's public key, as get_wordpress_public_key() returns it. */
export interface WordPressPublicKey {
  kid: string;
  jwk: JsonWebKey;
  alg: 'RSA-OAEP-256';
}

/** Standard base64 of bytes (what save_wordpress_connection and the worker read). */
export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  // in chunks: String.fromCharCode(...) of a large array overflows the call stack
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Thrown when this browser cannot seal (no WebCrypto, a key it refuses). */
export class SealError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SealError';
  }
}

/** The password encrypted with the key, base64. `subtle` is the page's WebCrypto unless given. */
export async function sealPassword(password: string, key: WordPressPublicKey, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): Promise<string> {
  if (!subtle) throw new SealError('WebCrypto is not available (a secure context is needed: https or localhost)');
  if (key.alg !== 'RSA-OAEP-256') throw new SealError(`Unsupported key algorithm ${String(key.alg)}`);
  let publicKey: CryptoKey;
  try {
    publicKey = await subtle.importKey('jwk', key.jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  } catch (error) {
    throw new SealError('The public key could not be imported', { cause: error });
  }
  const sealed = await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(password));
  return toBase64(sealed);
}
