import Papa from 'papaparse';
import type { ImportFormat } from './import-file';

/** The rows of a file shown before it is sent. */
export const PREVIEW_ROWS = 5;
/** Enough of the file for its header and first rows; the rest is never read in the browser. */
const PREVIEW_BYTES = 512 * 1024;

export interface PreviewRow {
  cells: string[];
  /** Why the row cannot be read (an NDJSON line that is not a JSON object). */
  problem?: string;
}

/** The columns of a file and its first rows under them; `paths` is each column as a field path. */
export interface FilePreview {
  columns: string[];
  paths: string[][];
  rows: PreviewRow[];
}

/** `;` when the header row holds more of them than commas, else `,`: the rule the import reads a CSV file with. */
function separatorOf(headerLine: string): ',' | ';' {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function csvPreview(text: string, cut: boolean): FilePreview {
  const end = text.indexOf('\n');
  const parsed = Papa.parse<string[]>(text, {
    delimiter: separatorOf(end < 0 ? text : text.slice(0, end)),
    preview: PREVIEW_ROWS + 1,
    skipEmptyLines: true,
  });
  const [header = [], ...records] = parsed.data;
  // A record the slice cut in two is not shown: its end is in the part of the file not read.
  const complete = cut && parsed.data.length < PREVIEW_ROWS + 1 ? records.slice(0, -1) : records;
  const columns = header.map((column) => column.trim());
  const rows = complete.map(
    (cells): PreviewRow =>
      cells.length === columns.length
        ? { cells }
        : { cells, problem: `${cells.length} cells; the header has ${columns.length}: the import refuses this row` },
  );
  return { columns, paths: columns.map((column) => column.split('.')), rows };
}

const cellText = (value: unknown) =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

function ndjsonPreview(text: string): FilePreview {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, PREVIEW_ROWS);
  const objects = lines.map((line): Record<string, unknown> | string => {
    try {
      const value: unknown = JSON.parse(line);
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value))
        : 'not a JSON object';
    } catch {
      return 'not JSON';
    }
  });
  const columns = [...new Set(objects.flatMap((row) => (typeof row === 'string' ? [] : Object.keys(row))))];
  return {
    columns,
    paths: columns.map((column) => [column]),
    rows: objects.map((row) =>
      typeof row === 'string'
        ? { cells: columns.map(() => ''), problem: row }
        : { cells: columns.map((column) => cellText(row[column])) },
    ),
  };
}

/**
 * The header and first rows of a file as the import will read them: a CSV file by its columns (a field path each),
 * an NDJSON file by the fields of its first products.
 */
export async function previewFile(file: File, format: ImportFormat): Promise<FilePreview> {
  const cut = file.size > PREVIEW_BYTES;
  const text = (await file.slice(0, PREVIEW_BYTES).text()).replace(/^\uFEFF/, '');
  if (format === 'csv') return csvPreview(text, cut);
  // The last line of a cut slice is incomplete: it is dropped.
  return ndjsonPreview(cut ? text.slice(0, text.lastIndexOf('\n') + 1) : text);
}
