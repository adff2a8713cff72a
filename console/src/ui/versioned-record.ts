import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, unwrap } from '../api/api-error';
import { type FieldErrors, fieldErrorsOf } from './field-errors';

interface Versioned {
  dbVersion: number;
}

export interface VersionedRecordSpec<R extends Versioned, D extends object> {
  /** The record's cache entry: a write elsewhere in the console that sets or invalidates it is followed here. */
  queryKey: QueryKey;
  read: () => Promise<R>;
  /** What the form edits of a stored record; edits are compared and merged on it. */
  draftOf: (record: R) => D;
  /**
   * Stores the draft over the version it was started from (the API answers 412 when the record is past it), or
   * creates the record (`dbVersion` undefined, with `empty`).
   */
  write: (draft: D, dbVersion: number | undefined) => Promise<R>;
  /** A record not stored yet (a `/new` page): nothing is read, the draft starts from `empty()`. */
  empty?: () => D;
  /** After a save (the saved record is already in the cache entry, and the draft follows it). */
  onSaved?: (saved: R) => unknown;
}

type Answer<R> = { data?: R; error?: unknown; response: Response };

/**
 * The `write` of a record a page creates or replaces: created while it has no version (with an idempotency key, so a
 * retried click stores one), else replaced over the version the edit started from.
 */
export const createOrReplace =
  <R, D>(
    create: (draft: D, headers: { 'idempotency-key': string }) => Promise<Answer<R>>,
    replace: (draft: D, dbVersion: number) => Promise<Answer<R>>,
  ) =>
  async (draft: D, dbVersion: number | undefined): Promise<R> =>
    unwrap(
      dbVersion === undefined
        ? await create(draft, { 'idempotency-key': crypto.randomUUID() })
        : await replace(draft, dbVersion),
    );

/** A 412 being resolved: the version the edit started from, the edit, and the record stored now, as drafts. */
export interface Conflict<D> {
  base: D;
  mine: D;
  /** The stored record (with its dbVersion), once read. */
  theirs: (D & Versioned) | undefined;
  /** Saves `merged` (the stored record with the edit's changes, as the person chose) over the stored version. */
  keep: (merged: D) => void;
  /** Drops the edit: the page shows the stored record. */
  reload: () => void;
  close: () => void;
}

export interface ReadyRecord<R extends Versioned, D extends object> {
  status: 'ready';
  /** The stored version the page shows and the draft started from (none while creating). */
  record: R | undefined;
  /** A version saved elsewhere after `record`, while the draft is edited (saving merges with it). */
  newer: R | undefined;
  draft: D;
  setDraft: (next: D | ((current: D) => D)) => void;
  /** Sets some fields of the draft. */
  update: (patch: Partial<D>) => void;
  edited: boolean;
  creating: boolean;
  discard: () => void;
  save: () => void;
  saving: boolean;
  /** Why the last save was refused (not a 412: that is `conflict`), and its errors by field path. */
  error: unknown;
  errors: FieldErrors;
  conflict: Conflict<D> | undefined;
}

export type VersionedRecord<R extends Versioned, D extends object> =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | ReadyRecord<R, D>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An edit in progress: the record it started from (`base`) and the draft; `key` is the record's cache key. */
interface Edit<R, D> {
  key: string;
  base: R | undefined;
  draft: D;
}

/** What the form shows: the edit in progress, or (nothing edited) the record as last read. */
function useDraft<R extends Versioned, D extends object>(
  key: string,
  latest: R | undefined,
  startOf: (record: R | undefined) => D | undefined,
) {
  const [edit, setEdit] = useState<Edit<R, D>>();
  const isEdited = (candidate: Edit<R, D> | undefined): candidate is Edit<R, D> =>
    candidate !== undefined && candidate.key === key && !same(candidate.draft, startOf(candidate.base));
  const edited = isEdited(edit);
  const base = edited ? edit.base : latest;
  const draft = edited ? edit.draft : startOf(latest);
  // The draft a change starts from when nothing is edited yet: the version read last, even from an older closure.
  const fresh = useRef({ base, draft });
  fresh.current = { base, draft };
  const setDraft = (next: D | ((current: D) => D)) =>
    setEdit((current) => {
      const from = isEdited(current) ? current : { key, ...fresh.current };
      if (from.draft === undefined) return current;
      return { key, base: from.base, draft: typeof next === 'function' ? next(from.draft) : next };
    });
  return { base, draft, edited, setDraft, drop: () => setEdit(undefined) };
}

/**
 * One stored record edited in a form. While nothing is edited the page shows the record as last read (a refetch, or
 * another screen's write to its cache entry, shows at once); once edited, the draft and the version it started from
 * (`base`) stay whatever is read meanwhile. A save sends the base's dbVersion; a 412 reads the stored record and
 * offers a field-by-field merge (`conflict`, for StaleVersionDialog) in which fields the edit did not touch keep
 * their stored value.
 */
export function useVersionedRecord<R extends Versioned, D extends object>(
  spec: VersionedRecordSpec<R, D>,
): VersionedRecord<R, D> {
  const queryClient = useQueryClient();
  const creating = spec.empty !== undefined;
  // Read again whenever the page is shown or the tab comes back: the form should start from the latest version.
  const query = useQuery({ queryKey: spec.queryKey, queryFn: spec.read, enabled: !creating, staleTime: 0 });
  const latest = creating ? undefined : query.data;
  const [empty] = useState(() => spec.empty?.());
  const { base, draft, edited, setDraft, drop } = useDraft<R, D>(JSON.stringify(spec.queryKey), latest, (record) =>
    record ? spec.draftOf(record) : empty,
  );
  const save = useMutation({
    mutationFn: ({ body, dbVersion }: { body: D; dbVersion: number | undefined }) => spec.write(body, dbVersion),
    onSuccess: async (saved) => {
      if (!creating) queryClient.setQueryData(spec.queryKey, saved);
      drop();
      await spec.onSaved?.(saved);
    },
    // The stored record, to merge with: the page's own entry is read again (the edit keeps its base).
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) void query.refetch();
    },
  });
  const reload = () => {
    save.reset();
    drop();
  };

  // A failed read again while the record is shown keeps the page (and the edit) as it is.
  if (query.error && !creating && !latest) return { status: 'failed', error: query.error };
  if (draft === undefined) return { status: 'loading' };
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const theirs = stale && latest && latest.dbVersion !== base?.dbVersion ? latest : undefined;
  return {
    status: 'ready',
    record: base,
    newer: edited && latest && base && latest.dbVersion !== base.dbVersion ? latest : undefined,
    draft,
    setDraft,
    update: (patch) => setDraft((current) => ({ ...current, ...patch })),
    edited: creating || edited,
    creating,
    discard: reload,
    save: () => save.mutate({ body: draft, dbVersion: base?.dbVersion }),
    saving: save.isPending,
    error: stale ? null : save.error,
    errors: stale ? {} : fieldErrorsOf(save.error),
    conflict:
      stale && base
        ? {
            base: spec.draftOf(base),
            mine: draft,
            theirs: theirs && { ...spec.draftOf(theirs), dbVersion: theirs.dbVersion },
            keep: (merged) => theirs && save.mutate({ body: merged, dbVersion: theirs.dbVersion }),
            reload,
            close: () => save.reset(),
          }
        : undefined,
  };
}
