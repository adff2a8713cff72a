import { Table, Text } from '@mantine/core';
import type { Schemas } from '../../api/client';

type Price = Schemas['Price'];

function money(amount: number | undefined, currency: Price['currency']): string {
  if (amount === undefined) return '—';
  const digits = currency.defaultFractionDigits;
  return `${amount.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency.currencyCode}`;
}

type Row = [label: string, amount: (price: Price) => number | undefined];

const ROWS: Row[] = [
  ['Price', (price) => price.value],
  ['Net', (price) => price.netPrice],
  ['VAT', (price) => price.vatAmount],
  ['Gross', (price) => price.grossPrice],
  ['Struck-through price (MSRP)', (price) => price.strikeThroughPrice],
  ['Discount taken off (gross)', (price) => price.discountedPrice?.grossPriceDiscountAmount],
  ['Discounted gross price', (price) => price.discountedPrice?.discountedGrossPrice],
  ['Cross-sell price', (price) => price.crossSell],
  ['Up-sell price', (price) => price.upSell],
];

/** A priced view's amounts for one unit and for the quantity asked, with the VAT rate and inclusion they were split by. */
export function PriceBreakdown({ unit, line, quantity }: { unit: Price; line: Price | undefined; quantity: number }) {
  const rows = ROWS.filter(([, amount]) => amount(unit) !== undefined);
  return (
    <>
      <Text size="sm">
        VAT rate {unit.vatRate} % · the list price {unit.vatIncluded ? 'includes' : 'excludes'} VAT
      </Text>
      <Table.ScrollContainer minWidth={300}>
        <Table aria-label="Priced view" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Amount</Table.Th>
              <Table.Th scope="col" ta="right">
                One unit
              </Table.Th>
              {line && quantity !== 1 && (
                <Table.Th scope="col" ta="right">
                  {quantity} units
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(([label, amount]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={label === 'Price' ? 700 : 400}>
                  {label}
                </Table.Th>
                <Table.Td ta="right" ff="monospace">
                  {money(amount(unit), unit.currency)}
                </Table.Td>
                {line && quantity !== 1 && (
                  <Table.Td ta="right" ff="monospace">
                    {money(amount(line), line.currency)}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
