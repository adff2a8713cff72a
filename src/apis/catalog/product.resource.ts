import { defineResource } from '../../platform/resource/declare.js';
import { productKind } from './product.kind.js';
import { productActions } from './product-actions.js';
import { productHooks } from './product-hooks.js';

/**
 * Products (docs/catalog.md): the kind (product.kind.ts), the hooks every write runs (variants, prices, texts written
 * to the description) and every operation beyond list, create, read and replace (product-actions.ts).
 */
export const productResource = defineResource({ ...productKind, hooks: productHooks, actions: productActions });
