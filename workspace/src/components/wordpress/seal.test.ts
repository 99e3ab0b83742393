/**
 * The password sealed as the browser does (WebCrypto RSA-OAEP SHA-256, base64) and opened as the
 * worker does (node:crypto privateDecrypt, OAEP SHA-256: worker/src/wordpress/connect.ts openSealed).
 */
import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { sealPassword, SealError, toBase64, type WordPressPublicKey } from './seal';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // the JWK as the worker stores it (alg, use, kid added)
  const jwk = { ...publicKey.export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid: 'test-kid-1' } as JsonWebKey;
  return { key: { kid: 'test-kid-1', jwk, alg: 'RSA-OAEP-256' } as WordPressPublicKey, privateKey };
}

describe('sealing the application password', () => {
  it('base64 of bytes, large arrays included', () => {
    expect(toBase64(new Uint8Array([0, 1, 2, 250, 255]))).toBe(Buffer.from([0, 1, 2, 250, 255]).toString('base64'));
    const big = new Uint8Array(100_000).map((_, i) => i % 256);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
    expect(toBase64(new Uint8Array(0))).toBe('');
  });

  it('only the private key opens it, and it gives the password back (spaces and accents kept)', async () => {
    const { key, privateKey } = keyPair();
    const password = 'Zq9x 4Tt7 Lm2p Kd8s Wv3n Hy6r é';
    const sealed = await sealPassword(password, key, subtle);
    // what save_wordpress_connection accepts
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(sealed).not.toContain('Zq9x');
    const opened = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64'));
    expect(opened.toString('utf8')).toBe(password);
    // OAEP is randomised: the same password seals differently each time
    expect(await sealPassword(password, key, subtle)).not.toBe(sealed);
    // another key pair cannot open it
    const other = keyPair();
    expect(() => privateDecrypt({ key: other.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed, 'base64'))).toThrow();
  });

  it('fails clearly without WebCrypto, with another algorithm, or a broken key', async () => {
    const { key } = keyPair();
    await expect(sealPassword('x', key, undefined)).rejects.toThrow(SealError);
    await expect(sealPassword('x', { ...key, alg: 'RSA1_5' as 'RSA-OAEP-256' }, subtle)).rejects.toThrow(SealError);
    await expect(sealPassword('x', { ...key, jwk: { kty: 'RSA', n: 'AQAB' } }, subtle)).rejects.toThrow(SealError);
  });
});
