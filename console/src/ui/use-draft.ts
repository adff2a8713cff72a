import { useState } from 'react';

/** A draft held by the form that edits it (nothing stored yet): its fields, set a few at a time, and a fresh start. */
export function useDraft<D extends object>(initial: D | (() => D)) {
  const [draft, setDraft] = useState<D>(initial);
  return {
    draft,
    update: (patch: Partial<D>) => setDraft((current) => ({ ...current, ...patch })),
    /** Back to the initial draft (a dialog closed, to start afresh when it opens again). */
    reset: () => setDraft(initial),
  };
}
