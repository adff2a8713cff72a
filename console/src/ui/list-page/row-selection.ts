import { useEffect, useRef, useState } from 'react';

/**
 * The rows picked on a list's page, by key. A shift-click picks the range from the row clicked last; a new page,
 * filter or sort starts with nothing picked.
 */
export function useRowSelection(keys: readonly string[], resetWhen: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetWhen is the list's state; a new one starts afresh.
  useEffect(() => {
    setSelected(new Set());
    anchor.current = undefined;
  }, [resetWhen]);

  const toggle = (index: number, range: boolean) => {
    const key = keys[index];
    if (key === undefined) return;
    const on = !selected.has(key);
    const from = range && anchor.current !== undefined ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== undefined ? Math.max(anchor.current, index) : index;
    const next = new Set(selected);
    for (const picked of keys.slice(from, to + 1)) on ? next.add(picked) : next.delete(picked);
    anchor.current = index;
    setSelected(next);
  };
  const allPicked = keys.length > 0 && keys.every((key) => selected.has(key));
  return {
    selected,
    toggle,
    allPicked,
    somePicked: !allPicked && keys.some((key) => selected.has(key)),
    togglePage: () => setSelected(allPicked ? new Set() : new Set(keys)),
    clear: () => setSelected(new Set()),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
