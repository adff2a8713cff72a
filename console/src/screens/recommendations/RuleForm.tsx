import {
  Alert,
  Card,
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { EpochDateTimeInput } from '../../ui/DateTimeInput';
import { draftFields } from '../../ui/draft-fields';
import { errorOn, type FieldErrors, shownFields } from '../../ui/field-errors';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { StoresInput } from '../../ui/store-pickers';
import { ProductMapEditor } from './ProductMapEditor';
import {
  FUNCTION_LABELS,
  FUNCTIONS,
  LEVELS,
  type RuleDraft,
  recommendsNothing,
  SOURCES,
  STATUSES,
  TYPES,
} from './rule-draft';

interface Props {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  errors: FieldErrors;
  readOnly: boolean;
  /** The owner can be chosen only when the rule is created. */
  creating: boolean;
}

/** The fields this form shows errors on. */
export const RULE_FIELDS = shownFields(
  'customerId',
  'name',
  'type',
  'function',
  'levels',
  'eligibleStoreIds',
  'startDate',
  'endDate',
  'weight',
  'sources',
  'eligibleProductIds',
  'eligibleParentProductIds',
  'byProductIds',
  'byParentProductIds',
  'discountPlan',
  'fallbackLocale',
  'catalogId',
  'marketingOperationId',
  'localizedDesc',
);

/** The cart products a rule applies to: these products, and the variants of these parents. */
const ELIGIBLE = [
  {
    field: 'eligibleProductIds',
    label: 'Eligible products',
    description: 'Empty, with no eligible parent either: every cart product',
  },
  {
    field: 'eligibleParentProductIds',
    label: 'Eligible parent products',
    description: 'A cart product whose parent is listed',
  },
] as const;

/** Every field of a recommendation rule, as the API's schema has them. */
export function RuleForm({ draft, onChange, errors, readOnly, creating }: Props) {
  const set = (changes: Partial<RuleDraft>) => onChange({ ...draft, ...changes });
  const fields = draftFields({ draft, update: set, errors });
  const discount = fields.part('discountPlan');
  const localized = Object.entries(draft.localizedDesc ?? {});
  const owner = draft.customerId;
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            What and when
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {creating && <OwnerCustomerSelect {...fields.value('customerId')} required />}
            <TextInput label="Name" required {...fields.text('name')} />
            <Select label="Status" data={[...STATUSES]} {...fields.choice('status', STATUSES)} allowDeselect={false} />
            <Select label="Type" data={[...TYPES]} {...fields.choice('type', TYPES)} allowDeselect={false} />
            <Select
              label="Function"
              data={FUNCTIONS.map((value) => ({ value, label: FUNCTION_LABELS[value] }))}
              {...fields.choice('function', FUNCTIONS)}
              allowDeselect={false}
            />
            <MultiSelect
              label="Levels"
              description="Where the recommendation is shown"
              required
              data={[...LEVELS]}
              {...fields.value('levels')}
              onChange={(values) => set({ levels: LEVELS.filter((level) => values.includes(level)) })}
            />
            <StoresInput label="Stores" required {...fields.value('eligibleStoreIds')} />
            <EpochDateTimeInput
              label="Start"
              required
              {...fields.value('startDate')}
              // A rule always has a start: clearing the input keeps the one it had.
              onChange={(startDate) => set({ startDate: startDate ?? draft.startDate })}
            />
            <EpochDateTimeInput
              label="End (included)"
              required
              {...fields.value('endDate')}
              onChange={(endDate) => set({ endDate: endDate ?? draft.endDate })}
            />
            <NumberInput
              label="Weight"
              description="The higher, the earlier; 0 when empty"
              allowDecimal={false}
              {...fields.number('weight')}
            />
            <MultiSelect
              label="Cart sources"
              description="Empty: every source"
              data={[...SOURCES]}
              value={draft.sources ?? []}
              onChange={(values) => set({ sources: SOURCES.filter((source) => values.includes(source)) })}
              error={fields.error('sources')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Which cart products it applies to
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {ELIGIBLE.map(({ field, label, description }) => (
              <RecordMultiSelect
                key={field}
                source={PRODUCTS}
                label={label}
                description={description}
                scope={{ customerId: owner }}
                {...fields.list(field)}
              />
            ))}
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            What it recommends
          </Title>
          <Stack>
            <ProductMapEditor
              legend="By product"
              keyLabel="Cart product"
              description={
                draft.function === 'idToIdsRecoRule'
                  ? 'For a cart product, the products recommended with it.'
                  : 'Every product listed here is recommended, whatever the cart product.'
              }
              customerId={owner}
              {...fields.value('byProductIds')}
            />
            <ProductMapEditor
              legend="By parent product"
              keyLabel="Parent product"
              description="For a cart product that is a variant of the parent, the products recommended with it."
              customerId={owner}
              {...fields.value('byParentProductIds')}
            />
            {recommendsNothing(draft) && (
              <Alert color="yellow" role="status" title="This rule recommends nothing yet">
                No product is listed to recommend, so no cart will get a recommendation from it. Add the products it
                recommends above{draft.status === 'ENABLED' ? ', or save it DISABLED until they are known' : ''}.
              </Alert>
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Discount and presentation
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Discount (percent off)"
              min={0}
              max={100}
              {...discount.number('discountStep')}
              // A refusal of the plan as a whole is said here too.
              error={fields.error('discountPlan')}
            />
            <TextInput label="Discount tag" {...discount.optionalText('tag')} />
            <Checkbox label="Ignore the purchase discount" {...discount.checked('ignorePurchaseDiscount')} mt="md" />
            <TextInput label="Fallback locale" placeholder="en" {...fields.text('fallbackLocale')} />
            <TextInput label="Catalog id" {...fields.text('catalogId')} />
            <TextInput label="Marketing operation id" {...fields.text('marketingOperationId')} />
          </SimpleGrid>
          <Stack mt="md" gap="xs">
            <TagsInput
              label="Description locales"
              description="One description per locale (en, fr_FR…); Enter after each"
              value={localized.map(([locale]) => locale)}
              onChange={(locales) =>
                set({
                  localizedDesc: Object.fromEntries(
                    locales.map((locale) => [locale, draft.localizedDesc?.[locale] ?? '']),
                  ),
                })
              }
            />
            {localized.map(([locale, text]) => (
              <Textarea
                key={locale}
                label={`Description (${locale})`}
                autosize
                minRows={1}
                value={text}
                onChange={(event) =>
                  set({ localizedDesc: { ...draft.localizedDesc, [locale]: event.currentTarget.value } })
                }
                error={errorOn(errors, `localizedDesc.${locale}`)}
              />
            ))}
          </Stack>
        </Card>
      </Stack>
    </fieldset>
  );
}
