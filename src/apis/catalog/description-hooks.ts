import type { ResourceHooks } from '../../platform/resource/declare.js';
import type { DescriptionSchema } from './description.schema.js';
import { withFlatTexts } from './description-texts.js';
import { afterDescriptionWrite } from './product-words.js';

/** The flat texts are derived on every write, so reads never compute them; products naming it take its new words. */
export const descriptionHooks: ResourceHooks<typeof DescriptionSchema> = {
  beforeCreate: (doc) => withFlatTexts(doc),
  beforeUpdate: (doc) => withFlatTexts(doc),
  // Products take their description's words: they change with it.
  afterWrite: afterDescriptionWrite,
};
