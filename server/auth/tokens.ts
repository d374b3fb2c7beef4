/** Opaque secrets (bearer tokens, mailed links, SMS codes): random, and kept only as SHA-256 at rest. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A 6-digit SMS code. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
