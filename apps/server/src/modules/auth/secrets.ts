import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_ALPHABET, RESET_CODE_LENGTH } from '@hearth/contract';

/** 256 random bits, URL-safe: the activation link's token. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function randomResetCode(): string {
  let code = '';
  for (let i = 0; i < RESET_CODE_LENGTH; i++) {
    code += RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)];
  }
  return code;
}
