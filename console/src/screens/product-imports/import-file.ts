import type { Schemas } from '../../api/client';

export type ImportFormat = Schemas['ProductImport']['format'];
export type ImportMode = Schemas['ProductImport']['mode'];

/** The body's media type for each format `POST /product-imports` reads. */
export const MEDIA_TYPES: Record<ImportFormat, string> = { csv: 'text/csv', ndjson: 'application/x-ndjson' };

/** The format of a chosen file, by its name or its type; undefined for one the import does not read. */
export function formatOf(file: File): ImportFormat | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'csv';
  if (/\.(ndjson|jsonl)$/.test(name) || file.type === 'application/x-ndjson') return 'ndjson';
  return undefined;
}
