import { shortDateTime } from '../../ui/date-format';
import type { ProductImport } from './import-queries';

export const when = shortDateTime;

/** An import as a person names it: its file's format, a dry run or not, and when it was sent. */
export function importName(record: Partial<Pick<ProductImport, 'format' | 'dryRun' | 'createDate'>>): string {
  const kind = `${(record.format ?? '').toUpperCase()} ${record.dryRun ? 'dry run' : 'import'}`.trim();
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} of ${when(record.createDate)}`;
}

export const MODE_LABELS: Record<ProductImport['mode'], string> = {
  create: 'Create new products only',
  upsert: 'Create or update',
};
