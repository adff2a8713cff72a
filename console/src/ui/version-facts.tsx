import type { ReactNode } from 'react';
import { CustomerName } from './customer-names';

/**
 * The facts a versioned record's page states under its title (RecordPage `facts`): its version, what the page adds
 * (`more`), the customer it belongs to, and who last changed it (where the record keeps that).
 */
export function versionFacts(
  record: { dbVersion: number; customerId?: string; lastUpdater?: string } | undefined,
  ...more: ReactNode[]
): ReactNode[] {
  if (!record) return [];
  return [
    `Version ${record.dbVersion}`,
    ...more,
    record.customerId && <CustomerName customerId={record.customerId} />,
    record.lastUpdater && `last updated by ${record.lastUpdater}`,
  ];
}
