const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** One duration (`5s`, `2h`, `90d`), as a piece of a JSON-schema pattern. */
export const DURATION = '\\s*\\d+\\s*[smhd]\\s*';

/** A comma list of durations (`0s,5s,5m,30m,2h`), as a JSON-schema pattern, so the config schema and the parser agree. */
export const DURATION_LIST_PATTERN = `^${DURATION}(,${DURATION})*$`;

/** Parses `0s,5s,5m,30m,2h` into seconds. */
export function parseDurationList(text: string): number[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+)\s*([smhd])\s*$/.exec(part);
    if (!match) throw new Error(`"${part}" is not a duration like 5s, 5m, 2h or 1d`);
    return Number(match[1]) * UNIT_SECONDS[match[2]!]!;
  });
}
