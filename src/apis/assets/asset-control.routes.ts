import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { principalOf } from '../../platform/auth/authenticate.js';
import { SYSTEM_PRINCIPAL } from '../../platform/auth/principal.js';
import { NotFoundError } from '../../platform/errors/domain-errors.js';
import { errorResponses } from '../../platform/errors/error-schemas.js';
import type { RecordStores } from '../../platform/resource/declare.js';
import { Id, LookupId, Obj, Ref, Text } from '../../platform/resource/declare.js';
import { productResource } from '../catalog/product.resource.js';
import { orderResource } from '../orders/order.resource.js';

const ControlParamsSchema = Type.Object({
  orderId: LookupId({ description: 'the order' }),
  filename: LookupId({
    description: 'the file name, without URL nor query (a URL or path is reduced to its last segment)',
  }),
});

export const AssetControlSchema = Obj(
  {
    orderId: Id(),
    filename: Text({ maxLength: 1024, description: 'the file name compared' }),
    belongs: Type.Boolean({
      description: "true when a product of one of the order's line items lists the file in relatedContents",
    }),
    productId: Type.Optional(Id({ description: 'the first such product' })),
    label: Type.Optional(Text({ description: 'the label of that related content' })),
  },
  { $id: 'AssetControl', title: 'Asset control outcome' },
);
type AssetControl = Static<typeof AssetControlSchema>;

/** `https://cdn/x/manual.pdf?sig=..` -> `manual.pdf`: the last path segment, without query, fragment or percent-encoding. */
export function fileNameOf(reference: string): string {
  const path = reference.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Whether a file belongs to what an order bought: the order must be visible to the caller (404 otherwise); its line
 * items' products are read as the system, since the order already names them and a buyer may not see its seller's
 * catalogue records.
 */
async function control(
  services: RecordStores,
  principal: ReturnType<typeof principalOf>,
  orderId: string,
  filename: string,
): Promise<AssetControl> {
  const orders = services.of(orderResource);
  const products = services.of(productResource);
  const order = (await orders.get(principal, orderId)).doc;
  const wanted = fileNameOf(filename);
  const productIds = [...new Set(order.lineItems.map((item) => item.productId))];
  for (const productId of productIds) {
    let related: { file?: string; label?: string }[] = [];
    try {
      related = (await products.get(SYSTEM_PRINCIPAL, productId)).doc.relatedContents ?? [];
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    const match = related.find((content) => typeof content.file === 'string' && fileNameOf(content.file) === wanted);
    if (match)
      return {
        orderId: order.id,
        filename: wanted,
        belongs: true,
        productId,
        ...(match.label ? { label: match.label } : {}),
      };
  }
  return { orderId: order.id, filename: wanted, belongs: false };
}

export function registerAssetControlRoute(untyped: FastifyInstance, services: RecordStores) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addSchema(AssetControlSchema);
  app.get('/assets/control/:orderId/:filename', {
    config: { scope: 'assets:read' },
    schema: {
      operationId: 'controlAsset',
      tags: ['Assets'],
      summary: 'Check whether a file is content of a product the order bought',
      description:
        "Compares the file name (its last path segment, without query) with the file names of the `relatedContents` of the products of the order's line items. 200 with `belongs` either way; 404 when the order is not visible to the caller.",
      params: ControlParamsSchema,
      response: { 200: Ref(AssetControlSchema), ...errorResponses('simple', [404]) },
    },
    handler: (request) => {
      const { orderId, filename } = request.params;
      return control(services, principalOf(request), orderId, filename);
    },
  });
}
