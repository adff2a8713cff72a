import { ValidationError } from '../../errors/domain-errors.js';

/**
 * PostgreSQL text and JSONB cannot hold NUL (U+0000), and JSONB refuses unpaired UTF-16 surrogates: such input
 * would fail deep in the database as a 500. The engine refuses it up front instead (400, or 404 for an id).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL cannot store.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Whether some string value or key in `value` cannot be stored: the walk every body takes (each row of a bulk
 * import), so it keeps no path and makes no object per value; an explicit stack makes any nesting depth safe.
 */
function holdsUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (!isStorableText(key)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The path (`['cancelPeriodI18nConfiguration', 'fr', 'label']`) of the first string value or key that cannot be
 * stored, or undefined when all can. Walks with an explicit stack, so any nesting depth is safe.
 */
export function findUnstorableText(value: unknown): (string | number)[] | undefined {
  if (!holdsUnstorableText(value)) return undefined;
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: index, parent: visit }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (!isStorableText(key)) return pathOf({ value: item, key, parent: visit });
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}

/** `['a', 2, 'b']` -> `a[2].b`, the field notation of validation messages. */
export function dottedPath(path: (string | number)[]): string {
  return path.reduce<string>(
    (acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    '',
  );
}

export const UNSTORABLE_RULE = 'must not contain NUL characters or unpaired surrogates';

/** The field (`body.remotePriceFiltering.x`) of the first text in `value` that cannot be stored, or undefined. */
export function unstorableField(value: unknown, prefix: string): string | undefined {
  const path = findUnstorableText(value);
  if (!path) return undefined;
  const dotted = dottedPath(path);
  return !prefix ? dotted : dotted.startsWith('[') ? `${prefix}${dotted}` : `${prefix}.${dotted}`;
}

/** 400 naming the field, when some text in `value` cannot be stored. */
export function assertStorable(value: unknown, prefix: string): void {
  const field = unstorableField(value, prefix);
  if (field) throw new ValidationError(`${field} ${UNSTORABLE_RULE}`);
}
