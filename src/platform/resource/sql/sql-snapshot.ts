import type { TenantScope } from '../../auth/principal.js';
import type { AnyResourceKind, FilterSpec } from '../declare/kind.js';
import type { FilterValue, ListingQuery } from '../declare/listing.js';
import { isArraySchema, schemaAt, schemaNodeOf, splitPath } from '../document/document-paths.js';
import * as sql from './statements.js';
import { docIndexName, storageObjects } from './storage-objects.js';

/** A customer's token: the tenant condition is part of every listing it runs. */
const tenantOf = (definition: AnyResourceKind): TenantScope => ({
  all: false,
  customerIds: ['customer-1'],
  operatorRecords: definition.sharedOperatorRecords !== undefined,
});

const SAMPLE: Record<FilterSpec['kind'], unknown> = {
  string: 'text',
  integer: 1,
  number: 1.5,
  boolean: true,
  'string-array': 'a',
};

function sampleListing(definition: AnyResourceKind): ListingQuery {
  const filters: FilterValue[] = Object.entries(definition.filters).map(([name, spec]) => ({
    path: splitPath(spec.path ?? name),
    spec,
    // The tenant's own customer: another would make the whole condition FALSE.
    values: [(spec.path ?? name) === 'customerId' && spec.kind === 'string' ? 'customer-1' : SAMPLE[spec.kind]],
  }));
  return { page: 0, size: 20, sort: [{ path: ['createDate'], descending: true }], filters, targets: [] };
}

/** Every array field of the record, by dot path (first level): what unwind can take. */
function firstArrayField(definition: AnyResourceKind): string[] | undefined {
  const properties = schemaNodeOf(definition.schema).properties ?? {};
  const name = Object.keys(properties).find((field) => isArraySchema(properties[field]));
  return name ? [name] : undefined;
}

function block(title: string, statement: string): string {
  return `${title}:\n\n\`\`\`sql\n${statement.replace(/\n\s+/g, '\n  ').trim()};\n\`\`\`\n`;
}

/** Which index serves each filter: all are equality (containment) on the JSONB document. */
function filterIndexes(definition: AnyResourceKind): string {
  const lines = Object.entries(definition.filters).map(([name, spec]) => {
    const how = spec.kind === 'string-array' ? 'contains any of' : 'equals';
    if ((spec.path ?? name) === 'customerId' && spec.kind === 'string')
      return `- \`${name}\` (the owner column): \`customer_id = $n\` (\`= ANY(...)\` for several), served by \`${definition.table}_customer_idx\` (btree; it also gives the default order, by id)`;
    return `- \`${name}\` (\`${spec.path ?? name}\` ${how}): \`doc @> {...}\`, served by \`${docIndexName(definition.table)}\` (GIN jsonb_path_ops)`;
  });
  return `${['Filters and the index serving each:\n', ...(lines.length ? lines : ['- (none declared)'])].join('\n')}\n`;
}

/**
 * The SQL the engine runs for a kind, as a readable file: its storage, the index of each filter, and the statements
 * of get, list, recap, unwind and search, with placeholders where values are bound. `npm run sql:snapshots` writes
 * these to docs/sql/<kind>.md; a test compares them with what the engine generates now.
 */
export function sqlSnapshot(definition: AnyResourceKind): string {
  const TENANT = tenantOf(definition);
  const listing = sampleListing(definition);
  const parts = [
    `# Kind \`${definition.name}\` (\`${definition.path}\`): the SQL the engine generates for it\n\nWritten by \`npm run sql:snapshots\`; a test fails when the engine's SQL changes and this file was not rewritten.\n`,
    ...storageObjects(definition).map((object) => block(`Storage: \`${object.name}\``, object.sql)),
    filterIndexes(definition),
    block(
      `Get by ${definition.key.field} (for update: the same with FOR UPDATE)`,
      sql.findByKey(definition, 'key', TENANT).text,
    ),
    block(
      'List: a customer token, every filter, sorted by createDate desc, page 0 of 20',
      sql.listRecords(definition, listing, TENANT).text,
    ),
    block(
      "The same page of one owner's records filtered by keys, in an order an owner index gives, while no count of it is known or its count says it is narrow (store/listing-counts.ts): every match found through the keys, then sorted (the order written as expressions no index gives)",
      sql.listRecords(definition, { ...listing, sort: [{ path: ['id'], descending: true }] }, TENANT, 'keys').text,
    ),
    block(
      "The same page of a broad filter (its last count says a walk of the owner's index reaches the page's last match first, store/listing-counts.ts): the filter keys tested row by row",
      sql.listRecords(definition, { ...listing, sort: [{ path: ['id'], descending: true }] }, TENANT, 'walk').text,
    ),
    block(
      'Count, when the page does not tell it and none is known at the generation the page read',
      sql.countRecords(definition, listing, TENANT).text,
    ),
  ];
  if (definition.cache) {
    parts.push(
      block(
        'Cached documents: the same page as ids and row versions',
        sql.listRowVersions(definition, listing, TENANT).text,
      ),
      block(
        'Cached documents: reads by id, each document only when the copy held is not current',
        sql.findCurrentByIds(definition, ['id'], TENANT, ['']).text,
      ),
    );
  }
  const [firstFilter] = listing.filters;
  if (definition.operations.recap && firstFilter) {
    const isArray = isArraySchema(schemaAt(schemaNodeOf(definition.schema), firstFilter.path));
    parts.push(
      block(
        `Recap on ${firstFilter.path.join('.')}`,
        sql.recapRecords(definition, listing, TENANT, firstFilter.path, isArray).text,
      ),
    );
  }
  const arrayField = firstArrayField(definition);
  if (definition.operations.unwind && arrayField)
    parts.push(
      block(`Unwind on ${arrayField.join('.')}`, sql.unwindRecords(definition, listing, TENANT, arrayField).text),
    );
  if (definition.search)
    parts.push(
      block('Search, ranked', sql.searchRecords(definition, { ...listing, sort: [] }, TENANT, 'words', 'english').text),
    );
  if (definition.words) {
    const words = { ...listing, filters: [], sort: [], words: "'~fjo' & '~rac'" };
    const page = definition.cache ? sql.listRowVersions : sql.listRecords;
    parts.push(
      block(
        `Word search (\`${definition.words.param}=fjo rac\`, no other filter), best matches first (rank tiers, sql/rank-tiers.ts): every match read, ranked and counted; the page is kept under the generation read`,
        page(definition, words, TENANT).text,
      ),
      block(
        'The same page read again while its owners are at the generation it was read at (store/listing-counts.ts): its rows by id, with the generation',
        (definition.cache ? sql.rowVersionsByIds : sql.recordsByIds)(definition, ['id-1', 'id-2'], words, TENANT).text,
      ),
      block('Word search: the count of a page past the last match', sql.countRecords(definition, words, TENANT).text),
      block(
        'Words of records whose document did not change: locked, then written',
        `${sql.lockForWords(definition, ['id']).text};\n${sql.updateWords(definition, ['id'], ['words']).text}`,
      ),
      block('Words of records stored before word search (at start)', sql.lockWithoutWords(definition, 500).text),
    );
  }
  return parts.join('\n');
}
