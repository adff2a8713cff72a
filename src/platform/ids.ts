import { v7 as uuidv7 } from 'uuid';

/** Opaque, time-ordered ids (UUIDv7, monotonic within a millisecond), so ordering by id is ordering by creation. */
export function newId(): string {
  return uuidv7();
}
