import { useQuery } from '@tanstack/react-query';
import Skeleton from '@mui/material/Skeleton';
import { findOrderQuery } from '../api/queries';
import { AfterSaleEntry } from './after-sale-entry';

/**
 * "Request after-sale" on a goods line of the order detail. The line's freight and the order's
 * address (for the contact) come from the order, looked up by its merchant number.
 */
export function OrderLineAfterSale({ thirdSn, lineSn }: { thirdSn: string; lineSn: string }) {
  const found = useQuery(findOrderQuery(thirdSn));
  const order = found.data?.list.find((o) => o.thirdSn === thirdSn);
  const child = order?.children.find((c) => c.goods.some((g) => g.sn === lineSn));
  const line = child?.goods.find((g) => g.sn === lineSn);
  if (found.isLoading) return <Skeleton width={120} height={32} />;
  if (!order || !child || !line) return null;
  return (
    <AfterSaleEntry
      line={{
        orderSn: thirdSn,
        sku: line.sku,
        lineSn,
        name: line.name,
        skuName: line.skuName,
        image: line.image,
        price: line.price,
        number: line.number,
        freight: child.logisticFee,
        address: { ...order.address, description: order.address.description ?? '' },
      }}
    />
  );
}
