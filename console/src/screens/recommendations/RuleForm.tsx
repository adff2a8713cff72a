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

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

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

/** Every field of a recommendation rule, as the API's schema has them. */
export function RuleForm({ draft, onChange, errors, readOnly, creating }: Props) {
  const set = (changes: Partial<RuleDraft>) => onChange({ ...draft, ...changes });
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
            {creating && (
              <OwnerCustomerSelect
                value={owner}
                onChange={(customerId) => set({ customerId })}
                error={errorOn(errors, 'customerId')}
                required
              />
            )}
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(event) => set({ name: event.currentTarget.value })}
              error={errorOn(errors, 'name')}
            />
            <Select
              label="Status"
              data={[...STATUSES]}
              value={draft.status}
              onChange={(value) => set({ status: oneOf(STATUSES, value, 'ENABLED') })}
              allowDeselect={false}
            />
            <Select
              label="Type"
              data={[...TYPES]}
              value={draft.type}
              onChange={(value) => set({ type: oneOf(TYPES, value, 'CROSS_SELL') })}
              allowDeselect={false}
              error={errorOn(errors, 'type')}
            />
            <Select
              label="Function"
              data={FUNCTIONS.map((value) => ({ value, label: FUNCTION_LABELS[value] }))}
              value={draft.function}
              onChange={(value) => set({ function: oneOf(FUNCTIONS, value, 'idToIdsRecoRule') })}
              allowDeselect={false}
              error={errorOn(errors, 'function')}
            />
            <MultiSelect
              label="Levels"
              description="Where the recommendation is shown"
              required
              data={[...LEVELS]}
              value={draft.levels}
              onChange={(values) => set({ levels: LEVELS.filter((level) => values.includes(level)) })}
              error={errorOn(errors, 'levels')}
            />
            <StoresInput
              label="Stores"
              required
              value={draft.eligibleStoreIds}
              onChange={(values) => set({ eligibleStoreIds: values })}
              error={errorOn(errors, 'eligibleStoreIds')}
            />
            <EpochDateTimeInput
              label="Start"
              required
              value={draft.startDate}
              onChange={(startDate) => set({ startDate: startDate ?? draft.startDate })}
              error={errorOn(errors, 'startDate')}
            />
            <EpochDateTimeInput
              label="End (included)"
              required
              value={draft.endDate}
              onChange={(endDate) => set({ endDate: endDate ?? draft.endDate })}
              error={errorOn(errors, 'endDate')}
            />
            <NumberInput
              label="Weight"
              description="The higher, the earlier; 0 when empty"
              allowDecimal={false}
              value={draft.weight ?? ''}
              onChange={(value) => set({ weight: typeof value === 'number' ? value : undefined })}
              error={errorOn(errors, 'weight')}
            />
            <MultiSelect
              label="Cart sources"
              description="Empty: every source"
              data={[...SOURCES]}
              value={draft.sources ?? []}
              onChange={(values) => set({ sources: SOURCES.filter((source) => values.includes(source)) })}
              error={errorOn(errors, 'sources')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Which cart products it applies to
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RecordMultiSelect
              source={PRODUCTS}
              label="Eligible products"
              description="Empty, with no eligible parent either: every cart product"
              value={draft.eligibleProductIds ?? []}
              onChange={(ids) => set({ eligibleProductIds: ids })}
              scope={{ customerId: owner }}
              error={errorOn(errors, 'eligibleProductIds')}
            />
            <RecordMultiSelect
              source={PRODUCTS}
              label="Eligible parent products"
              description="A cart product whose parent is listed"
              value={draft.eligibleParentProductIds ?? []}
              onChange={(ids) => set({ eligibleParentProductIds: ids })}
              scope={{ customerId: owner }}
              error={errorOn(errors, 'eligibleParentProductIds')}
            />
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
              value={draft.byProductIds}
              onChange={(map) => set({ byProductIds: map })}
              customerId={owner}
              error={errorOn(errors, 'byProductIds')}
            />
            <ProductMapEditor
              legend="By parent product"
              keyLabel="Parent product"
              description="For a cart product that is a variant of the parent, the products recommended with it."
              value={draft.byParentProductIds}
              onChange={(map) => set({ byParentProductIds: map })}
              customerId={owner}
              error={errorOn(errors, 'byParentProductIds')}
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
              value={draft.discountPlan?.discountStep ?? ''}
              onChange={(value) =>
                set({
                  discountPlan: { ...draft.discountPlan, discountStep: typeof value === 'number' ? value : undefined },
                })
              }
              error={errorOn(errors, 'discountPlan')}
            />
            <TextInput
              label="Discount tag"
              value={draft.discountPlan?.tag ?? ''}
              onChange={(event) =>
                set({ discountPlan: { ...draft.discountPlan, tag: event.currentTarget.value || undefined } })
              }
            />
            <Checkbox
              label="Ignore the purchase discount"
              checked={Boolean(draft.discountPlan?.ignorePurchaseDiscount)}
              onChange={(event) =>
                set({ discountPlan: { ...draft.discountPlan, ignorePurchaseDiscount: event.currentTarget.checked } })
              }
              mt="md"
            />
            <TextInput
              label="Fallback locale"
              placeholder="en"
              value={draft.fallbackLocale ?? ''}
              onChange={(event) => set({ fallbackLocale: event.currentTarget.value })}
              error={errorOn(errors, 'fallbackLocale')}
            />
            <TextInput
              label="Catalog id"
              value={draft.catalogId ?? ''}
              onChange={(event) => set({ catalogId: event.currentTarget.value })}
              error={errorOn(errors, 'catalogId')}
            />
            <TextInput
              label="Marketing operation id"
              value={draft.marketingOperationId ?? ''}
              onChange={(event) => set({ marketingOperationId: event.currentTarget.value })}
              error={errorOn(errors, 'marketingOperationId')}
            />
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
