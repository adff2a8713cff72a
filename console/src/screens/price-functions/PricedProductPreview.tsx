import { Alert, Loader, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { MutationButton } from '../../ui/MutationButton';
import { CountrySelect, CurrencySelect } from '../../ui/place-pickers';
import { RecordName } from '../../ui/record-picker/RecordName';
import { RecordSelect } from '../../ui/record-picker/RecordSelect';
import { useRecordList } from '../../ui/record-picker/record-options';
import { PRICE_FUNCTIONS, PRODUCTS } from '../../ui/record-picker/record-sources';
import { SectionCard } from '../../ui/SectionCard';
import { PriceBreakdown } from './PriceBreakdown';
import type { PriceFunction } from './price-function-draft';
import { type PreviewRequest, useAttachPriceFunction, usePricedProduct, useProduct } from './price-function-queries';

/** The first country the product lists a price for, where a preview starts. */
function firstListedCountry(prices: { priceByCountryByCurrency?: Record<string, unknown> } | undefined) {
  return Object.keys(prices?.priceByCountryByCurrency ?? {}).find((country) => country !== 'DEFAULT');
}

/** The preview starts on a product the function prices, once; clearing the choice afterwards is respected. */
function useFirstPricedProduct(functionId: string, value: string | null, choose: (id: string) => void) {
  const own = useRecordList(PRODUCTS, '', { priceFunction: functionId });
  const started = useRef(false);
  const first = own.data?.[0]?.value;
  useEffect(() => {
    if (started.current || !own.isSuccess) return;
    started.current = true;
    if (value === null && first) choose(first);
  }, [own.isSuccess, first, value, choose]);
}

/**
 * The saved function at work: a product's priced view (GET /priced-products/{id}) for a country, currency, store,
 * quantity and parameter values, asked again (debounced) as they change. The view prices with the function the product
 * names, so a product priced by another function can be switched to this one here.
 */
export function PricedProductPreview({ fn, edited }: { fn: PriceFunction; edited: boolean }) {
  const can = useCan();
  const [productId, setProductId] = useState<string | null>(null);
  const [country, setCountry] = useState('');
  const [currency, setCurrency] = useState('');
  const [storeId, setStoreId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [values, setValues] = useState<Record<string, string>>({});
  const product = useProduct(productId);
  const attach = useAttachPriceFunction(fn.id);
  useFirstPricedProduct(fn.id, productId, setProductId);

  // A newly chosen product starts from the first country it lists a price for, so the first preview shows a price.
  useEffect(() => {
    if (!product.data) return;
    const first = firstListedCountry(product.data.prices);
    setCountry((current) => current || first || '');
    setStoreId((current) => (current && product.data.sellingStores.includes(current) ? current : null));
  }, [product.data]);

  // One value per set of inputs (not per render), so that the debounce settles and then stays settled.
  const request = useMemo<PreviewRequest | null>(
    () =>
      productId
        ? {
            productId,
            country,
            currency,
            storeId: storeId ?? '',
            quantity: quantity || 1,
            values,
          }
        : null,
    [productId, country, currency, storeId, quantity, values],
  );
  const [debounced] = useDebouncedValue(request, 400);
  const settled = request === debounced;
  const view = usePricedProduct(debounced, `${fn.dbVersion}/${product.data?.dbVersion ?? ''}`);
  const busy = !settled || view.isFetching;
  const priced = view.data;
  const other = product.data && product.data.priceFunction !== fn.id;

  return (
    <SectionCard title="Preview" aside={busy && productId && <Loader size="sm" aria-label="Pricing the product" />}>
      <Stack gap="sm">
        {edited && (
          <Alert color="yellow" role="status">
            The preview prices with the saved version {fn.dbVersion}: save to preview your changes.
          </Alert>
        )}
        <RecordSelect
          source={PRODUCTS}
          label="Product"
          placeholder="Search by name or reference"
          value={productId}
          onChange={(id) => setProductId(id ?? null)}
        />
        {productId && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4, md: 2, xl: 4 }} spacing="sm">
              <CountrySelect label="Country" value={country || undefined} onChange={(next) => setCountry(next ?? '')} />
              <CurrencySelect
                label="Currency"
                value={currency || undefined}
                onChange={(next) => setCurrency(next ?? '')}
                placeholder={product.data?.prices.defaultCurrency}
              />
              <Select
                label="Store"
                clearable
                data={product.data?.sellingStores ?? []}
                value={storeId}
                onChange={setStoreId}
                placeholder="Any"
              />
              <NumberInput
                label="Quantity"
                min={1}
                max={1_000_000}
                allowDecimal={false}
                value={quantity}
                onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)}
              />
            </SimpleGrid>
            {(fn.parameters ?? []).length > 0 && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {(fn.parameters ?? []).map((parameter) => {
                  const label = `Parameter ${parameter.labels?.en ?? parameter.field}`;
                  const placeholder =
                    parameter.defaultValue !== undefined ? `default ${parameter.defaultValue}` : 'no default';
                  const set = (value: string) => setValues({ ...values, [parameter.field]: value });
                  return parameter.type === 'BOOLEAN' ? (
                    <Select
                      key={parameter.field}
                      label={label}
                      placeholder={placeholder}
                      clearable
                      data={['true', 'false']}
                      value={values[parameter.field] || null}
                      onChange={(value) => set(value ?? '')}
                    />
                  ) : (
                    <TextInput
                      key={parameter.field}
                      label={label}
                      placeholder={placeholder}
                      value={values[parameter.field] ?? ''}
                      onChange={(event) => set(event.currentTarget.value)}
                    />
                  );
                })}
              </SimpleGrid>
            )}
            {product.data && !other && (
              <Text size="sm" c="dimmed">
                This product is priced by this function.
              </Text>
            )}
            {other && (
              <Alert color="blue" title="Priced by another function" role="status">
                <Stack gap="xs">
                  <Text size="sm">
                    {product.data.priceFunction ? (
                      <>
                        This product uses the price function{' '}
                        <RecordName source={PRICE_FUNCTIONS} id={product.data.priceFunction} />, not this one.
                      </>
                    ) : (
                      'This product has no price function: its list price applies.'
                    )}
                  </Text>
                  {can('catalog:write') && (
                    <MutationButton
                      mutation={attach}
                      run={() => productId && attach.mutate(productId)}
                      size="xs"
                      style={{ alignSelf: 'start' }}
                    >
                      Price this product with this function
                    </MutationButton>
                  )}
                </Stack>
              </Alert>
            )}
            <div aria-live="polite" aria-busy={busy}>
              {view.error ? (
                <Alert color="red" role="alert" title="The product could not be priced">
                  {plainWords(view.error)}
                </Alert>
              ) : priced ? (
                <Stack gap="xs">
                  {priced.priceFunctionExecutionErrorMessage && (
                    <Alert color="red" title="The price function failed" role="alert">
                      <Text size="sm">{priced.priceFunctionExecutionErrorMessage}</Text>
                      <Text size="sm">The list price is shown instead.</Text>
                    </Alert>
                  )}
                  {priced.unitPrice ? (
                    <PriceBreakdown unit={priced.unitPrice} line={priced.price} quantity={debounced?.quantity ?? 1} />
                  ) : (
                    <Text size="sm">
                      The product lists no price for this country and currency (nor a DEFAULT one): choose another.
                    </Text>
                  )}
                  {Object.keys(priced.priceFunctionParametersValues ?? {}).length > 0 && (
                    <Text size="sm" c="dimmed">
                      Evaluated with{' '}
                      {Object.entries(priced.priceFunctionParametersValues ?? {})
                        .map(([field, value]) => `${field} = ${value}`)
                        .join(', ')}
                    </Text>
                  )}
                </Stack>
              ) : null}
            </div>
          </>
        )}
        {!productId && (
          <Text size="sm" c="dimmed">
            Choose a product to see the price this function gives it.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
