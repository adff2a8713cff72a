import type { LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Column } from '../DataTable';
import { AnchorLink } from '../links';

/** The first column's header and sort, when they are not "Name" sorted by `name`. */
export interface NameHeader {
  header: string;
  sortField?: string;
}

/** The column naming each row, linked to the row's page (`linkOptions({ to, params })`). */
export function nameColumn<Row>(
  { header, sortField }: NameHeader,
  link: (row: Row) => LinkOptions,
  rowName: (row: Row) => ReactNode,
): Column<Row> {
  return { header, sortField, cell: (row) => <AnchorLink {...link(row)}>{rowName(row)}</AnchorLink> };
}
