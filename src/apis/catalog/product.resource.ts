import { defineResource } from '../../platform/resource/declare.js';
import { productKind } from './product.kind.js';
import { productActions } from './product-actions.js';
import { beforeProductCreate, beforeProductUpdate } from './product-hooks.js';
import { afterProductWrite, afterProductWrites, productWordsFrom } from './product-words.js';

/**
 * Products (docs/catalog.md): the kind (product.kind.ts), the hooks every write runs (variants, prices, texts written
 * to the description: product-hooks.ts; words: product-words.ts) and every operation beyond list, create, read and
 * replace (product-actions.ts).
 */
export const productResource = defineResource({
  ...productKind,
  hooks: {
    beforeCreate: beforeProductCreate,
    beforeUpdate: beforeProductUpdate,
    wordsFrom: productWordsFrom,
    afterWrite: afterProductWrite,
    afterWrites: afterProductWrites,
  },
  actions: productActions,
});
