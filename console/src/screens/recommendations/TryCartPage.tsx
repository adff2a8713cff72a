import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { errorOn, fieldErrorsOf } from '../../ui/field-errors';
import { AnchorLink } from '../../ui/links';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { CountrySelect, CurrencySelect } from '../../ui/place-pickers';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { StoreSelect } from '../../ui/store-pickers';
import { RecommendationLeaves } from './RecommendationLeaves';
import { SOURCES } from './rule-draft';

type CartDraft = Schemas['CartDraft'];

/**
 * A cart tried against the rules: the cart is stored (the recommendations operation reads a stored cart), then its
 * recommendations and reports are asked for. Trying again replaces the same cart rather than storing another.
 */
export function TryCartPage(): ReactElement {
  const principal = usePrincipal();
  const operator = isOperator(principal);
  const [customerId, setCustomerId] = useState<string | undefined>();
  const [storeId, setStoreId] = useState('store-eu');
  const [country, setCountry] = useState('FR');
  const [currency, setCurrency] = useState('EUR');
  const [source, setSource] = useState<CartDraft['source']>('PURCHASE');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [cart, setCart] = useState<{ id: string; customerId: string | undefined }>();
  const owner = operator ? customerId : undefined;

  const tryCart = useMutation({
    mutationFn: async () => {
      const body: CartDraft = {
        storeId,
        country,
        currency,
        ...(source ? { source } : {}),
        ...(owner ? { customerId: owner } : {}),
        items: productIds.map((productId) => ({ productId, quantity: 1 })),
      };
      const stored =
        cart && cart.customerId === owner
          ? unwrap(await api.PUT('/carts/{id}', { params: { path: { id: cart.id } }, body }))
          : unwrap(await api.POST('/carts', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
      setCart({ id: stored.id, customerId: owner });
      return unwrap(await api.GET('/recommendations/cart', { params: { query: { cartId: stored.id } } }));
    },
  });
  const errors = fieldErrorsOf(tryCart.error);
  const ready = productIds.length > 0 && (!operator || Boolean(customerId));

  return (
    <Stack>
      <AnchorLink to="/recommendation-rules" search={{ page: 0, size: 20 }}>
        ← Recommendation rules
      </AnchorLink>
      <Title order={1}>Try a cart</Title>
      <Text c="dimmed" size="sm">
        Pick products as a buyer would put them in a cart: the rules of the cart's owner answer with what they
        recommend, and why each candidate was or was not recommended.
      </Text>
      <Card withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            tryCart.mutate();
          }}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <OwnerCustomerSelect
                value={customerId}
                onChange={(next) => {
                  setCustomerId(next);
                  setProductIds([]);
                }}
                label="Cart owner"
                required
              />
              <StoreSelect
                label="Store"
                required
                value={storeId}
                onChange={setStoreId}
                error={errorOn(errors, 'storeId')}
              />
              <CountrySelect
                label="Country"
                required
                value={country}
                onChange={(next) => setCountry(next ?? '')}
                error={errorOn(errors, 'country')}
              />
              <CurrencySelect
                label="Currency"
                required
                value={currency}
                onChange={(next) => setCurrency(next ?? '')}
                error={errorOn(errors, 'currency')}
              />
              <Select
                label="Source"
                description="Rules restricted to sources see only theirs"
                clearable
                data={[...SOURCES]}
                value={source ?? null}
                onChange={(value) => setSource(SOURCES.find((candidate) => candidate === value))}
              />
            </SimpleGrid>
            <RecordMultiSelect
              source={PRODUCTS}
              label="Cart products"
              description={operator && !customerId ? 'Choose the cart owner first' : 'One of each, quantity 1'}
              value={productIds}
              onChange={setProductIds}
              scope={{ customerId: owner }}
              error={errorOn(errors, 'items')}
              required
            />
            {tryCart.error && !Object.keys(errors).length && (
              <Alert color="red" role="alert">
                {plainWords(tryCart.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={tryCart.isPending} disabled={!ready}>
                Get recommendations
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {tryCart.data && (
        <Stack aria-live="polite">
          <Title order={2} size="h3">
            Recommendations
          </Title>
          <RecommendationLeaves result={tryCart.data} />
        </Stack>
      )}
    </Stack>
  );
}
