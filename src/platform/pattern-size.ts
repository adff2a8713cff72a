/** One group being read: the size of its alternatives so far, of the current one, and of its last atom. */
interface Group {
  alternatives: number;
  current: number;
  last: number;
}

const COUNTED_REPETITION = /^\{(\d{1,6})(,(\d{0,6}))?\}/;

/** The index just past the character class that opens at `start` (`[`), escapes and `[:name:]` included. */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i += 1;
  if (source[i] === ']') i += 1;
  while (i < source.length && source[i] !== ']') {
    if (source[i] === '\\') i += 2;
    else if (source.startsWith('[:', i)) i = source.indexOf(':]', i + 2) < 0 ? i + 1 : source.indexOf(':]', i + 2) + 2;
    else i += 1;
  }
  return i + 1;
}

/** The index just past the escape at `start` (`\`): `\p{Greek}`, `\x{10FFFF}` and `\Q…\E` read whole. */
function escapeEnd(source: string, start: number): number {
  const next = source[start + 1];
  if ((next === 'p' || next === 'P' || next === 'x') && source[start + 2] === '{') {
    const close = source.indexOf('}', start + 2);
    return close < 0 ? source.length : close + 1;
  }
  return start + 2;
}

/** The index just past a group's opening: `(`, `(?:`, `(?i:`, `(?P<name>`; a bare flag group `(?i)` is read whole. */
function groupOpening(source: string, start: number): { end: number; opensGroup: boolean } {
  if (source[start + 1] !== '?') return { end: start + 1, opensGroup: true };
  if (source[start + 2] === 'P' || source[start + 2] === '<') {
    const close = source.indexOf('>', start);
    return { end: close < 0 ? source.length : close + 1, opensGroup: true };
  }
  let i = start + 2;
  while (i < source.length && source[i] !== ':' && source[i] !== ')') i += 1;
  return { end: i + 1, opensGroup: source[i] === ':' };
}

/**
 * How many atoms a pattern amounts to once every repetition is unrolled (`a{0,999}` is 999, `(ab){10}{10}` is 200),
 * read from the text alone: an upper bound of the program RE2 compiles (which counts about two instructions per
 * atom), cheap enough to refuse a pattern before compiling it. Malformed text is counted as it comes; the compiler
 * says what is wrong with it.
 */
export function repetitionTotal(source: string): number {
  const stack: Group[] = [{ alternatives: 0, current: 0, last: 0 }];
  const top = () => stack[stack.length - 1]!;
  const atom = (size: number) => {
    top().current += size;
    top().last = size;
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '\\') {
      if (source[i + 1] === 'Q') {
        const close = source.indexOf('\\E', i + 2);
        const end = close < 0 ? source.length : close;
        for (let k = i + 2; k < end; k += 1) atom(1);
        i = close < 0 ? source.length : close + 2;
        continue;
      }
      atom(1);
      i = escapeEnd(source, i);
    } else if (char === '[') {
      atom(1);
      i = classEnd(source, i);
    } else if (char === '(') {
      const opening = groupOpening(source, i);
      if (opening.opensGroup) stack.push({ alternatives: 0, current: 0, last: 0 });
      i = opening.end;
    } else if (char === ')') {
      if (stack.length > 1) {
        const group = stack.pop()!;
        atom(group.alternatives + group.current + 1);
      }
      i += 1;
    } else if (char === '|') {
      top().alternatives += top().current;
      top().current = 0;
      top().last = 0;
      i += 1;
    } else if (char === '{' && COUNTED_REPETITION.test(source.slice(i, i + 16))) {
      const [text, min, comma, max] = COUNTED_REPETITION.exec(source.slice(i, i + 16))!;
      const times = Math.max(Number(min), comma === undefined ? 0 : max ? Number(max) : Number(min) + 1, 1);
      const group = top();
      group.current += group.last * (times - 1);
      group.last *= times;
      i += text.length;
    } else if (char === '*' || char === '+' || char === '?') {
      top().current += 1;
      i += 1;
    } else {
      atom(1);
      i += 1;
    }
  }
  while (stack.length > 1) {
    const group = stack.pop()!;
    atom(group.alternatives + group.current + 1);
  }
  return top().alternatives + top().current;
}
