import { type RefObject, useEffect } from 'react';

/** Keys typed in a field (or a dialog) are the field's: only a page with no text field focused moves the rows. */
function typingElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target || target.closest('[role="dialog"]')) return true;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

const rowAt = (table: HTMLElement | null, index: number) =>
  table?.querySelector<HTMLTableRowElement>(`tbody tr[data-row-index="${index}"]`) ?? null;

/**
 * j/k or the arrow keys move the focus from row to row of the table, Enter opens the focused row (its first link), x
 * picks it. The focused row is the document's focus, so a screen reader follows it.
 */
export function useRowKeys(table: RefObject<HTMLElement | null>, count: number, pick: (index: number) => void): void {
  useEffect(() => {
    const focus = (index: number) => rowAt(table.current, index)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (typingElsewhere(event) || count === 0) return;
      const row = (event.target as HTMLElement).closest?.('tbody tr[data-row-index]');
      const current = row && table.current?.contains(row) ? Number(row.getAttribute('data-row-index')) : undefined;
      if (event.key === 'j' || event.key === 'ArrowDown')
        focus(current === undefined ? 0 : Math.min(current + 1, count - 1));
      else if (event.key === 'k' || event.key === 'ArrowUp')
        focus(current === undefined ? 0 : Math.max(current - 1, 0));
      else if (current !== undefined && event.key === 'Enter' && event.target === row)
        row?.querySelector<HTMLAnchorElement>('a[href]')?.click();
      else if (current !== undefined && event.key === 'x') pick(current);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [table, count, pick]);
}
