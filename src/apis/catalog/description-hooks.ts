import type { RecordOf } from '../../platform/resource/declare.js';
import type { DescriptionSchema } from './description.schema.js';
import { withFlatTexts } from './description-texts.js';

/**
 * A description's hooks; its declaration, description.resource.ts, names them. Products naming a description take its
 * words: that hook, afterDescriptionWrite, is in product-words.ts with the product's.
 */

/** The flat texts are derived on every create and update, so reads never compute them. */
export function beforeDescriptionWrite(doc: RecordOf<typeof DescriptionSchema>): RecordOf<typeof DescriptionSchema> {
  return withFlatTexts(doc);
}
