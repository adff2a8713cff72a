import { defineResource } from '../../platform/registry/resource-definition.js';
import { DescriptionSchema, FLAT_TEXTS } from './description.schema.js';

export const descriptionResource = defineResource({
  name: 'description',
  displayName: 'description',
  path: '/descriptions',
  table: 'descriptions',
  schema: DescriptionSchema,
  scopeArea: 'catalog',
  tag: 'Descriptions',
  errorShape: 'detailed',
  operations: {
    list: 'listDescriptions',
    create: 'createDescription',
    get: 'getDescription',
    update: 'updateDescription',
  },
  filters: { customerId: { kind: 'string' }, catalogId: { kind: 'string' }, fallbackLocale: { kind: 'string' } },
  readOnly: Object.keys(FLAT_TEXTS),
  search: {
    fields: [
      'localizedMarketingName',
      'localizedShortDesc',
      'localizedBulletPoints',
      'localizedLongDesc',
      'description',
    ],
    operationId: 'searchDescriptions',
    textParam: 'req',
    summary: 'Search descriptions with text (ranked, language-aware)',
  },
});
