import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (user keys). Output: `v1:<iv>:<tag>:<ciphertext>` in base64url;
 * the random 96-bit IV per value and the auth tag mean equal keys never look equal and tampering fails.
 */
export function secretBox(hexKey: string) {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('CREDS_KEY must be 32 bytes as 64 hex characters');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unreadable secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
