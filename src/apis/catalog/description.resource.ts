import { defineResource } from '../../platform/resource/declare.js';
import { DescriptionSchema, FLAT_TEXTS } from './description.schema.js';
import { beforeDescriptionWrite } from './description-hooks.js';
import { afterDescriptionWrite } from './product-words.js';

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
  hooks: {
    beforeCreate: beforeDescriptionWrite,
    beforeUpdate: beforeDescriptionWrite,
    // Products take their description's words: they change with it.
    afterWrite: afterDescriptionWrite,
  },
});
