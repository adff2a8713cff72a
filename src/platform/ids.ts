import { v7 as uuidv7 } from 'uuid';

/** Opaque, time-ordered ids (UUIDv7, monotonic within a millisecond), so ordering by id is ordering by creation. */
export function newId(): string {
  return uuidv7();
}

/** The smallest id `newId` can make at `time`: ids below it were made before it (their first 48 bits are the time). */
export function firstIdAt(time: Date): string {
  const hex = time.getTime().toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
}
