import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '../../api/client';
import { CaptionedTable, ONE_LINE, WRAP_ANYWHERE } from '../../ui/CaptionedTable';
import { RecordName } from '../../ui/record-picker/RecordName';
import { useRecordNames } from '../../ui/record-picker/record-options';
import { PRODUCTS, RECOMMENDATION_RULES } from '../../ui/record-picker/record-sources';

type Result = Schemas['RecommendationResult'];
type Price = Schemas['Price'];
type Names = Map<string, string>;

const STATUS_COLOURS: Record<string, string> = { RECOMMENDED: 'green', OUTWEIGHED: 'yellow', ALREADY_IN_CART: 'blue' };

function money(price: Price | undefined): string {
  if (!price) return 'no price here';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: price.currency.currencyCode }).format(
      price.value,
    );
  } catch {
    return `${price.value} ${price.currency.currencyCode}`;
  }
}

/** An explanation with the product ids it names replaced by the products' names (rule ids stay: they link above). */
function namingProducts(explanation: string, products: Names): string {
  return [...products].reduce((text, [id, name]) => text.replaceAll(id, name), explanation);
}

/** Every product the answer names: cart products, recommended ones and candidates. */
function productIdsOf(result: Result): string[] {
  const leaves = <T,>(tree: Record<string, Record<string, Record<string, T>>>) =>
    Object.values(tree).flatMap((types) => Object.values(types).flatMap((triggers) => Object.entries(triggers)));
  return [
    ...leaves(result.recommendations).flatMap(([trigger, leaf]) => [trigger, ...leaf.products.map(({ id }) => id)]),
    ...leaves(result.reports).flatMap(([trigger, leaf]) => [trigger, ...Object.keys(leaf.products)]),
  ];
}

/** Every (level, rule type, cart product) the answer speaks of, recommended or only reported, in the answer's order. */
function leavesOf(result: Result): { level: string; type: string; trigger: string }[] {
  const seen = new Map<string, { level: string; type: string; trigger: string }>();
  const add = (tree: Record<string, Record<string, Record<string, unknown>>>) => {
    for (const [level, types] of Object.entries(tree))
      for (const [type, triggers] of Object.entries(types))
        for (const trigger of Object.keys(triggers)) seen.set(`${level}/${type}/${trigger}`, { level, type, trigger });
  };
  add(result.recommendations);
  add(result.reports);
  return [...seen.values()];
}

/** The answer of the recommendations operation: what is recommended for each cart product, and why each candidate was or was not. */
export function RecommendationLeaves({ result }: { result: Result }) {
  const leaves = leavesOf(result);
  const products = useRecordNames(PRODUCTS, productIdsOf(result));
  const name = (id: string) => products.get(id) ?? id;
  if (!leaves.length)
    return (
      <Text>
        No rule applies to this cart: no enabled, current rule names its store, its products (or their parents) and its
        source.
      </Text>
    );
  return (
    <Stack>
      {leaves.map(({ level, type, trigger }) => {
        const recommendation = result.recommendations[level]?.[type]?.[trigger];
        const report = result.reports[level]?.[type]?.[trigger];
        const heading = `${level} · ${type} · for ${name(trigger)}`;
        return (
          <Card withBorder key={`${level}/${type}/${trigger}`} component="section" aria-label={heading}>
            <Title order={3} size="h5" mb="xs">
              {heading}
            </Title>
            {recommendation ? (
              <Stack gap={4} mb="sm">
                <Text size="sm">
                  {recommendation.recommendationId ? (
                    <>
                      By rule <RecordName source={RECOMMENDATION_RULES} id={recommendation.recommendationId} />
                    </>
                  ) : (
                    'Forced cross-sales of the product (no rule)'
                  )}
                  {recommendation.discountPlan?.discountStep
                    ? ` · ${recommendation.discountPlan.discountStep} % off`
                    : ''}
                  {recommendation.marketingOperationId ? ` · operation ${recommendation.marketingOperationId}` : ''}
                </Text>
                {recommendation.localizedDesc && (
                  <Text size="sm" fs="italic">
                    “{recommendation.localizedDesc}”
                  </Text>
                )}
                <CaptionedTable
                  caption="Recommended products"
                  columns={[
                    {
                      header: 'Recommended product',
                      cell: (product) => (
                        <>
                          {name(product.id)}
                          {product.forcedBy ? (
                            <Badge ml="xs" size="xs" variant="dot">
                              forced
                            </Badge>
                          ) : null}
                        </>
                      ),
                    },
                    { header: 'Price', cell: (product) => money(product.price) },
                    { header: 'Full price', cell: (product) => money(product.fullPrice) },
                  ]}
                  rows={recommendation.products}
                  rowKey={(product) => product.id}
                  minWidth={300}
                />
              </Stack>
            ) : (
              <Text size="sm" mb="sm">
                Nothing recommended here.
              </Text>
            )}
            {report && (
              <CaptionedTable
                caption="Why each candidate was or was not recommended"
                columns={[
                  { header: 'Candidate', cell: ([candidate]) => name(candidate) },
                  {
                    header: 'Status',
                    cell: ([, verdict]) => (
                      <Badge
                        variant="dot"
                        color={STATUS_COLOURS[verdict.status] ?? 'gray'}
                        style={{ overflow: 'visible' }}
                        styles={{ label: { overflow: 'visible' } }}
                      >
                        {verdict.status}
                      </Badge>
                    ),
                    style: ONE_LINE,
                  },
                  {
                    header: 'Explanation',
                    cell: ([, verdict]) => namingProducts(verdict.explanation, products),
                    style: WRAP_ANYWHERE,
                  },
                ]}
                rows={Object.entries(report.products)}
                rowKey={([candidate]) => candidate}
                minWidth={300}
              />
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
