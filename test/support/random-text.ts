import { randomInt } from 'node:crypto';

/**
 * `length` random characters outside the Basic Multilingual Plane: 4 bytes each in UTF-8 and incompressible, the
 * worst case for what a database index entry must hold. (Ajv counts them as one character each, as users do.)
 */
export function randomWideText(length: number): string {
  return Array.from({ length }, () => String.fromCodePoint(0x1f300 + randomInt(0x2ff))).join('');
}
