import type { OpInput } from '../../../../contract';

/** Query keys from general to specific (NOTES.md: ['afterSale', ...], ['logistic', ...]). */
export const afterSaleKeys = {
  all: ['afterSale'] as const,
  options: (orderSn: string, sku: number) => [...afterSaleKeys.all, 'options', orderSn, sku] as const,
  list: (filters: OpInput<'afterSale.list'>) => [...afterSaleKeys.all, 'list', filters] as const,
  detail: (id: number) => [...afterSaleKeys.all, 'detail', id] as const,
  names: (id: number) => [...afterSaleKeys.all, 'names', id] as const,
  namesOf: (ids: number[]) => [...afterSaleKeys.all, 'names', 'of', ids] as const,
  queue: () => [...afterSaleKeys.all, 'queue'] as const,
  queueList: (query: string) => [...afterSaleKeys.all, 'queue', query] as const,
  queueDelivered: (query: string) => [...afterSaleKeys.all, 'queue', 'delivered', query] as const,
  firms: ['logistic', 'firms'] as const,
  findOrder: (number: string) => ['orders', 'find', number] as const,
};
