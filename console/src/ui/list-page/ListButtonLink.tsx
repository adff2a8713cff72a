import type { RegisteredRouter } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import type { ConsolePath } from '../../layout/navigation';
import type { ListSearch } from '../list-search';
import { RouteButtonLink } from '../RouteButtonLink';

/** A list of the console: a path whose URL search is a list's. */
export type ListPath = {
  [P in ConsolePath]: RegisteredRouter['routesByPath'][P]['types']['searchSchema'] extends ListSearch ? P : never;
}[ConsolePath];

/** A list's first page, as a link to the list opens it. */
export const FIRST_PAGE = { page: 0, size: 20 };

/** A button beside a list's heading to a list next to it (its imports, the other terms), at its first page. */
export function ListButtonLink({ to, children }: { to: ListPath; children: ReactNode }): ReactElement {
  return (
    <RouteButtonLink to={to} search={FIRST_PAGE} variant="default">
      {children}
    </RouteButtonLink>
  );
}
