import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productKind } from '../../src/apis/catalog/product.kind.js';
import { DESCRIPTION_FIELDS_OF_PRODUCT } from '../../src/apis/catalog/product.schema.js';
import { csvLayout, type JsonSchemaNode } from '../../src/platform/resource/index.js';

const page = readFileSync(new URL('../../docs/catalog.md', import.meta.url), 'utf8');
const layout = csvLayout(productKind.schema as unknown as JsonSchemaNode, DESCRIPTION_FIELDS_OF_PRODUCT);

describe('the CSV columns of products (docs/catalog.md, "CSV columns")', () => {
  it('documents every column an export writes, read from the product schema', () => {
    const undocumented = layout.fixed.filter((column) => !page.includes(`| \`${column}\` |`));
    expect(undocumented).toEqual([]);
  });

  it('documents every map of the schema as its family of columns', () => {
    const families = layout.maps.map((map) => map.path.join('.'));
    expect(families.length).toBeGreaterThan(0);
    expect(families.filter((family) => !page.includes(`| \`${family}.<`))).toEqual([]);
  });

  it('offers a template whose every column the import reads', () => {
    const template = readFileSync(new URL('../../docs/templates/product-import.csv', import.meta.url), 'utf8');
    const header = template.split(/\r?\n/)[0]!.split(',');
    const families = layout.maps.map((map) => `${map.path.join('.')}.`);
    const requestOnly = DESCRIPTION_FIELDS_OF_PRODUCT.map((field) => field as string);
    const unread = header.filter(
      (column) =>
        !layout.fixed.includes(column) &&
        !families.some((family) => column.startsWith(family)) &&
        !requestOnly.some((field) => column === field || column.startsWith(`${field}.`)) &&
        column !== 'variantOfPublisherRefId',
    );
    expect(unread).toEqual([]);
  });
});
