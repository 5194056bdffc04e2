import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy';
import { useCan } from '../account';

// The entry, the pre-check and (on click) the wizard load with the order detail, not with the first page.
const OrderLineAfterSale = lazyNamed(() => import('./components/order-line-entry'), 'OrderLineAfterSale');

/**
 * What the orders feature shows on each goods line (its OrderLineActionsContext slot): "request
 * after-sale", for people who may apply.
 */
export function AfterSaleLineAction({ thirdSn, lineSn }: { thirdSn: string; lineSn: string }) {
  const can = useCan();
  if (!can.op('afterSale.apply') || !can.op('afterSale.beforeCheck')) return null;
  return (
    <Suspense fallback={null}>
      <OrderLineAfterSale thirdSn={thirdSn} lineSn={lineSn} />
    </Suspense>
  );
}
