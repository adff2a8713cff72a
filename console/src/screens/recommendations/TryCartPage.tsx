import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { plainWords, unwrap } from '../../api/api-error';
import { api, type Schemas } from '../../api/client';
import { isOperator, usePrincipal } from '../../auth/principal';
import { draftFields } from '../../ui/draft-fields';
import { fieldErrorsOf } from '../../ui/field-errors';
import { AnchorLink } from '../../ui/links';
import { OwnerCustomerSelect } from '../../ui/OwnerCustomerSelect';
import { CountrySelect, CurrencySelect } from '../../ui/place-pickers';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { PRODUCTS } from '../../ui/record-picker/record-sources';
import { StoreSelect } from '../../ui/store-pickers';
import { useDraft } from '../../ui/use-draft';
import { RecommendationLeaves } from './RecommendationLeaves';
import { SOURCES } from './rule-draft';

type CartDraft = Schemas['CartDraft'];

/**
 * A cart tried against the rules: the cart is stored (the recommendations operation reads a stored cart), then its
 * recommendations and reports are asked for. Trying again replaces the same cart rather than storing another.
 */
export function TryCartPage(): ReactElement {
  const operator = isOperator(usePrincipal());
  const { draft, update } = useDraft<CartDraft>({
    storeId: 'store-eu',
    country: 'FR',
    currency: 'EUR',
    source: 'PURCHASE',
    items: [],
  });
  const [cart, setCart] = useState<{ id: string; customerId: string | undefined }>();
  // Only the operator picks the owner; a customer's own cart is its own.
  const owner = draft.customerId;
  const productIds = draft.items.map((item) => item.productId);

  const tryCart = useMutation({
    mutationFn: async (body: CartDraft) => {
      const stored =
        cart && cart.customerId === owner
          ? unwrap(await api.PUT('/carts/{id}', { params: { path: { id: cart.id } }, body }))
          : unwrap(await api.POST('/carts', { body, headers: { 'idempotency-key': crypto.randomUUID() } }));
      setCart({ id: stored.id, customerId: owner });
      return unwrap(await api.GET('/recommendations/cart', { params: { query: { cartId: stored.id } } }));
    },
  });
  const errors = fieldErrorsOf(tryCart.error);
  const fields = draftFields({ draft, update, errors });
  const ready = productIds.length > 0 && (!operator || Boolean(owner));

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
            tryCart.mutate(draft);
          }}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <OwnerCustomerSelect
                {...fields.value('customerId')}
                // The products picked were the former owner's.
                onChange={(customerId) => update({ customerId, items: [] })}
                label="Cart owner"
                required
              />
              <StoreSelect label="Store" required {...fields.value('storeId')} />
              <CountrySelect
                label="Country"
                required
                {...fields.value('country')}
                onChange={(country) => update({ country: country ?? '' })}
              />
              <CurrencySelect
                label="Currency"
                required
                {...fields.value('currency')}
                onChange={(currency) => update({ currency: currency ?? '' })}
              />
              <Select
                label="Source"
                description="Rules restricted to sources see only theirs"
                clearable
                data={[...SOURCES]}
                {...fields.choice('source', SOURCES)}
              />
            </SimpleGrid>
            <RecordMultiSelect
              source={PRODUCTS}
              label="Cart products"
              description={operator && !owner ? 'Choose the cart owner first' : 'One of each, quantity 1'}
              value={productIds}
              onChange={(ids) => update({ items: ids.map((productId) => ({ productId, quantity: 1 })) })}
              scope={{ customerId: owner }}
              error={fields.error('items')}
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
