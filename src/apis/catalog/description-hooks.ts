import type { ResourceHooks } from '../../platform/registry/resource-definition.js';
import type { DescriptionSchema } from './description.schema.js';
import { withFlatTexts } from './description-texts.js';

/** The flat texts are derived on every write, so reads never compute them. */
export const descriptionHooks: ResourceHooks<typeof DescriptionSchema> = {
  beforeCreate: (doc) => withFlatTexts(doc),
  beforeUpdate: (doc) => withFlatTexts(doc),
};
