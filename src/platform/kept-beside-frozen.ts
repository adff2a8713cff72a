import { deepFreeze } from './deep-freeze.js';

/**
 * Values derived from frozen objects (cache entries shared by every request), kept beside them by key for as long as
 * the object lives (`WeakMap`) and deep-frozen, so they are shared too. An object that is not frozen may still
 * change: its values are derived each time and not kept. `perOwner` bounds the values kept for one object; one more
 * clears them.
 */
export function keptBesideFrozen<O extends object, V>(
  perOwner = Number.POSITIVE_INFINITY,
): (owner: O, key: string, derive: () => V) => V {
  const kept = new WeakMap<O, Map<string, V>>();
  return (owner, key, derive) => {
    if (!Object.isFrozen(owner)) return derive();
    let values = kept.get(owner);
    if (!values) kept.set(owner, (values = new Map()));
    let found = values.get(key);
    if (found === undefined) {
      if (values.size >= perOwner) values.clear();
      values.set(key, (found = deepFreeze(derive())));
    }
    return found;
  };
}
