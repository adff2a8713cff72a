import type { ReactElement } from 'react';
import { AnchorLink } from '../links';
import { useRecordNames } from './record-options';
import type { RecordSource } from './record-sources';

/**
 * A reference shown by the name of the record it names, linked to the record's page; `pending` (or the id) until the
 * name is read, and the id when it cannot be (deleted, not the reader's to see).
 */
export function RecordName({
  source,
  id,
  pending,
  prefix = '',
  underline,
}: {
  source: RecordSource;
  id: string;
  /** What shows while the name is read ("its parent"). */
  pending?: string;
  /** Words before the name, inside the link ("Variant of "). */
  prefix?: string;
  underline?: 'always' | 'hover';
}): ReactElement {
  const name = useRecordNames(source, [id]).get(id) ?? pending ?? id;
  if (!source.link) return <>{`${prefix}${name}`}</>;
  return (
    <AnchorLink {...source.link(id)} underline={underline}>
      {prefix}
      {name}
    </AnchorLink>
  );
}
