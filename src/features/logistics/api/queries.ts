import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export const logisticKeys = {
  all: ['logistic'] as const,
  trace: (orderSn: string, sku: number) => [...logisticKeys.all, 'trace', orderSn, sku] as const,
  firms: () => [...logisticKeys.all, 'firms'] as const,
};

/** A goods line's parcel: courier, tracking number and events (the supplier sends them newest first; sorted here anyway). */
export const traceQuery = (orderSn: string, sku: number) =>
  queryOptions({
    queryKey: logisticKeys.trace(orderSn, sku),
    queryFn: async ({ signal }) => {
      const data = await callOp('logistic.trace', { orderSn, sku }, { signal });
      return { ...data, list: [...data.list].sort((a, b) => b.time - a.time) };
    },
    staleTime: STALE.live,
  });

/**
 * Confirms receipt of a goods line (third-level number). Afterwards the order, its logistics and
 * anything that hangs on the order's state are read again.
 */
export function useConfirmReceipt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (goodsSn: string) => callOp('logistic.confirm', { goods_sn: goodsSn }),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['orders'] }), qc.invalidateQueries({ queryKey: logisticKeys.all })]),
  });
}
