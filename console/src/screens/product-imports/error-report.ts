import Papa from 'papaparse';
import { saveFile } from '../../ui/save-file';
import { fetchAllImportErrors, type ImportError } from './import-queries';

/** The refused rows as a CSV file: line, field, message. */
export function errorReportCsv(errors: readonly ImportError[]): string {
  return Papa.unparse(
    { fields: ['line', 'field', 'message'], data: errors.map((error) => [error.line, error.field, error.message]) },
    // A message quotes the file's own cells: one starting with `=` must not run as a formula in a spreadsheet.
    { escapeFormulae: true },
  );
}

/** Reads every refused row of the import and saves them as `import-<id>-errors.csv`. */
export async function downloadErrorReport(importId: string): Promise<number> {
  const errors = await fetchAllImportErrors(importId);
  saveFile(new Blob([errorReportCsv(errors)], { type: 'text/csv' }), `import-${importId}-errors.csv`);
  return errors.length;
}
