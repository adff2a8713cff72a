import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plainWords } from '../../api/api-error';

/** A row a bulk action could not change, and why in plain words (a 412, a 400's message, a 403). */
export interface BulkFailure {
  name: string;
  reason: string;
}

export interface BulkProgress {
  label: string;
  done: number;
  total: number;
}

export interface BulkOutcome extends BulkProgress {
  failures: BulkFailure[];
}

/** How many rows a bulk action changes at once: a few calls in flight, not a page's worth. */
const IN_FLIGHT = 4;

/**
 * Runs one API call per picked row, a few at a time; a row that fails (a 412 because it changed since the list was
 * read, a 400) is reported by name and does not stop the others. The list is read again afterwards.
 */
export function useBulkRun<Row>(rowName: (row: Row) => string, listKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress>();
  const [outcome, setOutcome] = useState<BulkOutcome>();

  async function run(label: string, rows: readonly Row[], apply: (row: Row) => Promise<unknown>): Promise<void> {
    const failures: (BulkFailure | undefined)[] = [];
    let done = 0;
    let next = 0;
    setOutcome(undefined);
    setProgress({ label, done, total: rows.length });
    const worker = async () => {
      for (let at = next++; at < rows.length; at = next++) {
        const row = rows[at] as Row;
        await apply(row).catch((error: unknown) => {
          failures[at] = { name: rowName(row), reason: plainWords(error) };
        });
        done += 1;
        setProgress({ label, done, total: rows.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker));
    setProgress(undefined);
    setOutcome({ label, done, total: rows.length, failures: failures.filter((failure) => failure !== undefined) });
    await queryClient.invalidateQueries({ queryKey: listKey });
  }

  return { run, progress, outcome, dismiss: () => setOutcome(undefined), busy: progress !== undefined };
}

export type BulkRun<Row> = ReturnType<typeof useBulkRun<Row>>;
