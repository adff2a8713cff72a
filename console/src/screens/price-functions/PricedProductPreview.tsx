import {
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { useCan } from '../../auth/principal';
import { PriceBreakdown } from './PriceBreakdown';
import { ProductPicker } from './ProductPicker';
import type { PriceFunction } from './price-function-draft';
import { type PreviewRequest, useAttachPriceFunction, usePricedProduct, useProduct } from './price-function-queries';

const COUNTRIES = ['FR', 'DE', 'GB', 'US', 'IT', 'ES', 'NL', 'BE', 'CH', 'JP', 'CA', 'AU', 'KW'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'KWD'];

/** The products' list prices by country and currency, read to offer them first. */
function listedPlaces(prices: { priceByCountryByCurrency?: Record<string, Record<string, unknown>> } | undefined) {
  const byCountry = prices?.priceByCountryByCurrency ?? {};
  const countries = Object.keys(byCountry).filter((country) => country !== 'DEFAULT');
  const currencies = [...new Set(Object.values(byCountry).flatMap((byCurrency) => Object.keys(byCurrency)))];
  return { countries, currencies };
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
  const places = listedPlaces(product.data?.prices);

  // A newly chosen product starts from the first country it lists a price for, so the first preview shows a price.
  useEffect(() => {
    if (!product.data) return;
    const first = listedPlaces(product.data.prices).countries[0];
    setCountry((current) => current || first || '');
    setStoreId((current) => (current && product.data.sellingStores.includes(current) ? current : null));
  }, [product.data]);

  // One value per set of inputs (not per render), so that the debounce settles and then stays settled.
  const request = useMemo<PreviewRequest | null>(
    () =>
      productId
        ? {
            productId,
            country: country.trim().toUpperCase(),
            currency: currency.trim().toUpperCase(),
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
    <Card withBorder component="section" aria-labelledby="preview-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="preview-title">
          Preview
        </Title>
        {busy && productId && <Loader size="sm" aria-label="Pricing the product" />}
      </Group>
      <Stack gap="sm">
        {edited && (
          <Alert color="yellow" role="status">
            The preview prices with the saved version {fn.dbVersion}: save to preview your changes.
          </Alert>
        )}
        <ProductPicker functionId={fn.id} value={productId} onChange={setProductId} />
        {productId && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4, md: 2, xl: 4 }} spacing="sm">
              <Autocomplete
                label="Country"
                data={[...new Set([...places.countries, ...COUNTRIES])]}
                value={country}
                onChange={setCountry}
                maxLength={2}
              />
              <Autocomplete
                label="Currency"
                data={[...new Set([...places.currencies, ...CURRENCIES])]}
                value={currency}
                onChange={setCurrency}
                maxLength={3}
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
                    {product.data.priceFunction
                      ? `This product uses the price function ${product.data.priceFunction}, not this one.`
                      : 'This product has no price function: its list price applies.'}
                  </Text>
                  {can('catalog:write') && (
                    <Group>
                      <Button
                        size="xs"
                        onClick={() => productId && attach.mutate(productId)}
                        loading={attach.isPending}
                      >
                        Price this product with this function
                      </Button>
                    </Group>
                  )}
                  {attach.error && (
                    <Text size="sm" c="red" role="alert">
                      {plainWords(attach.error)}
                    </Text>
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
    </Card>
  );
}
