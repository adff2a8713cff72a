import Type, { type Static } from 'typebox';
import { EpochMs, Id, List, Obj, StringEnum, StringMap, sharedFields, Text } from '../../platform/resource/declare.js';
import { SUBSCRIPTION_STATUSES } from './subscription.lifecycle.js';

/** Calendar units of a model's term (docs/product-decisions.md §7). */
export const TERM_UNITS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

/** A scalar of a free-form map (context, variables): text, number or boolean. */
const Scalar = () => Type.Union([Text({ maxLength: 4000 }), Type.Number(), Type.Boolean()]);
const Scalars = () => List(Scalar(), { maxItems: 100 });

/**
 * A value of a free-form map: a scalar, a list of scalars, or one more map of those. Bounded in depth, so no body can
 * nest deeper than storage and event diffs handle (see docs/decisions.md#free-form-maps).
 */
const FreeValue = () =>
  Type.Union([Scalar(), Scalars(), StringMap(Type.Union([Scalar(), Scalars()]), { maxProperties: 100 })]);
const FreeMap = (description: string) => StringMap(FreeValue(), { maxProperties: 100, description });

const epochSharedFields = {
  ...sharedFields,
  createDate: Type.Optional(EpochMs('epoch ms, server-generated', { readOnly: true })),
  updateDate: Type.Optional(EpochMs('epoch ms, server-generated', { readOnly: true })),
};

export const TermSchema = Obj(
  {
    unit: StringEnum(TERM_UNITS, { description: 'calendar unit of one term' }),
    // The specification types the count as a string; it must still be a whole number of units.
    value: Type.String({
      pattern: '^[1-9][0-9]{0,3}$',
      maxLength: 4,
      description: 'how many units one term lasts (1 to 9999), as text',
    }),
  },
  { $id: 'SubscriptionTerm', title: 'Subscription term' },
);
export type Term = Static<typeof TermSchema>;

const modelFields = {
  customerId: Type.Optional(Id()),
  durationUntilTrialEnd: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 3650,
      description: 'trial length in days; > 0 starts new subscriptions in TRIAL',
    }),
  ),
  id: Type.Optional(Id({ readOnly: true })),
  name: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
  term: Type.Optional(Type.Unsafe<Term>({ $ref: 'SubscriptionTerm#' })),
};

/** A subscription model: the term and trial every subscription made from it follows. Unique by name per customer. */
export const SubscriptionModelSchema = Obj(
  {
    ...sharedFields,
    ...modelFields,
    name: Text({
      minLength: 1,
      maxLength: 200,
      description: 'unique per customer; the path key of GET /subscription-models/{model}',
    }),
    term: Type.Unsafe<Term>({ $ref: 'SubscriptionTerm#' }),
  },
  {
    $id: 'SubscriptionModel',
    title: 'Subscription model',
    examples: [{ name: 'monthly', term: { unit: 'MONTH', value: '1' }, durationUntilTrialEnd: 0 }],
  },
);
export type SubscriptionModel = Static<typeof SubscriptionModelSchema>;

/** The model as a subscription carries it (a copy taken when the subscription was made or upgraded). */
export const EmbeddedModelSchema = Obj(modelFields, {
  $id: 'SubscriptionEmbeddedModel',
  title: 'Subscription model (as carried by a subscription)',
});

export const LifecycleSchema = Obj(
  {
    anniversaryDate: Type.Optional(EpochMs('creation + term')),
    creationDate: Type.Optional(EpochMs('when the subscription was created')),
    daysBeforeAnniversary: Type.Optional(
      Type.Integer({ description: 'whole days from the last change to the anniversary' }),
    ),
    estimatedExpirationDate: Type.Optional(EpochMs('end of the last pre-billed term, else the expiration date')),
    expirationDate: Type.Optional(EpochMs('end of the current term; once passed the subscription is EXPIRED')),
    generation: Type.Optional(
      Type.Integer({ minimum: 0, description: 'how many upgrades the subscription went through' }),
    ),
    id: Type.Optional(Id()),
    nextBillingDate: Type.Optional(EpochMs('start of the next term (the term pre-billing bills)')),
    paymentDeadline: Type.Optional(EpochMs('when the pending payment is due')),
    prebillingDate: Type.Optional(EpochMs('when the next term was pre-billed')),
    modelId: Type.Optional(Id()),
    sgSubId: Type.Optional(Id()),
    status: Type.Optional(StringEnum(SUBSCRIPTION_STATUSES)),
  },
  {
    $id: 'SubscriptionLifecycle',
    title: 'Subscription life cycle',
    description: 'Server-managed: set on create and by the actions; ignored in bodies.',
  },
);
export type Lifecycle = Static<typeof LifecycleSchema>;

export const SubscriptionProductSchema = Obj(
  {
    dynamicVariables: Type.Optional(FreeMap('variables of the line item')),
    id: Id({ minLength: 1, description: 'the product subscribed to' }),
    licenseId: Type.Optional(Id()),
    lineItemId: Type.Optional(Id({ description: 'server-generated when absent' })),
    modelId: Type.Optional(Id()),
    previousLineItemId: Type.Optional(Id({ description: 'the line item this one replaced in an upgrade' })),
    priceFunctionParameters: Type.Optional(
      StringMap(Scalar(), { maxProperties: 100, description: 'parameter values of the price function' }),
    ),
  },
  { $id: 'SubscriptionProduct', title: 'Subscription line item' },
);
export type SubscriptionProduct = Static<typeof SubscriptionProductSchema>;

const ref = <T>(id: string) => Type.Unsafe<T>({ $ref: `${id}#` });

export const SubscriptionSchema = Obj(
  {
    ...epochSharedFields,
    currency: Type.Optional(Text({ maxLength: 3 })),
    enduserId: Type.Optional(Id()),
    decodedExternalContext: Type.Optional(FreeMap('the decoded externalContext')),
    externalContext: Type.Optional(Text()),
    externalRefId: Type.Optional(Id()),
    initialOrderId: Type.Optional(Id()),
    layout: Type.Optional(Text()),
    layoutName: Type.Optional(Text()),
    migratedFromCustomerId: Type.Optional(Id()),
    modelId: Type.Optional(Id({ description: 'the model whose term and trial the subscription follows' })),
    name: Type.Optional(Text()),
    source: Type.Optional(Text()),
    storeId: Type.Optional(Id()),
    imported: Type.Optional(Type.Boolean()),
    upgradable: Type.Optional(Type.Boolean()),
    mandateValue: Type.Optional(Type.Number({ minimum: -1e15, maximum: 1e15 })),
    discountPlan: Type.Optional(
      Obj({
        nextDiscountStep: Type.Optional(Type.Integer()),
        startingStep: Type.Optional(Type.Integer()),
        tag: Type.Optional(Text()),
      }),
    ),
    emails: Type.Optional(
      List(
        Obj({
          date: Type.Optional(EpochMs('when the e-mail was sent')),
          emailId: Type.Optional(Id()),
          id: Type.Optional(Id()),
          message: Type.Optional(Text({ maxLength: 10_000 })),
          templateName: Type.Optional(Text()),
        }),
      ),
    ),
    lifecycle: Type.Optional(ref<Lifecycle>('SubscriptionLifecycle')),
    model: Type.Optional(ref<Static<typeof EmbeddedModelSchema>>('SubscriptionEmbeddedModel')),
    products: Type.Optional(List(ref<SubscriptionProduct>('SubscriptionProduct'), { maxItems: 100 })),
    nextProducts: Type.Optional(List(ref<SubscriptionProduct>('SubscriptionProduct'), { maxItems: 100 })),
  },
  {
    $id: 'Subscription',
    title: 'Subscription',
    description:
      'createDate, updateDate and every lifecycle date are epoch milliseconds. The model is named by modelId, model.name, or given inline (model.term).',
    // A customer's token subscribes for its own customer; the operator names the customer (docs/product-decisions.md §7).
    examples: [
      {
        name: 'Antivirus yearly',
        currency: 'EUR',
        enduserId: 'enduser-1',
        storeId: 'store-eu',
        model: { term: { unit: 'YEAR', value: '1' } },
        products: [{ id: 'product-1' }],
      },
      {
        customerId: 'customer-1',
        name: 'Antivirus yearly',
        currency: 'EUR',
        enduserId: 'enduser-1',
        storeId: 'store-eu',
        model: { term: { unit: 'YEAR', value: '1' } },
        products: [{ id: 'product-1' }],
      },
    ],
  },
);
export type Subscription = Static<typeof SubscriptionSchema>;

/** What pre-billing answers: the pre-billed order's id and line items. */
export const PrebilledOrderSchema = Obj(
  {
    id: Id(),
    lineItems: List(Obj({ id: Id(), productId: Id(), subscriptionId: Id() })),
  },
  { $id: 'PrebilledOrder', title: 'Pre-billed order' },
);
