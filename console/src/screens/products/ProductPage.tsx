import { Alert, Skeleton } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { ProductEditor } from './ProductEditor';
import type { Product } from './product-draft';
import { useProduct } from './product-queries';

const route = getRouteApi('/app/products/$productId');

/**
 * One product. The editor starts from the version loaded here and keeps it while it is edited: a save, or a reload
 * after a 412, moves it to the new version, and so does a version saved elsewhere while nothing is edited (a refetch
 * never replaces an edit in progress; saving it then merges field by field).
 */
export function ProductPage(): ReactElement {
  const { productId } = route.useParams();
  const record = useProduct(productId);
  const [base, setBase] = useState<Product>();
  const loaded = base?.id === productId ? base : record.data;
  if (record.data && loaded !== base && loaded === record.data) setBase(record.data);

  if (record.error)
    return (
      <Alert color="red" role="alert">
        {plainWords(record.error)}
      </Alert>
    );
  if (!loaded) return <Skeleton h={300} aria-label="Loading the product" />;
  return (
    <ProductEditor key={`${loaded.id}:${loaded.dbVersion}`} base={loaded} latest={record.data} onBaseChange={setBase} />
  );
}
