/**
 * PostgreSQL WAL positions (`pg_lsn`, written `16/B374D848`: the high and low 32 bits in hex), as bigints to compare.
 * They travel in the `X-Min-LSN` header (read-your-writes with a read replica, replica-reads.ts).
 */
const LSN = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** The position `text` names, or undefined when it names none. */
export function parseLsn(text: string): bigint | undefined {
  const match = LSN.exec(text);
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}
