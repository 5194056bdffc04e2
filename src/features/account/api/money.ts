import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OpInput } from '../../../../contract';
import { callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export type CashFlowFilters = OpInput<'account.cashFlow'>;

export const moneyKeys = {
  balance: () => ['account', 'balance'] as const,
  cashFlow: (f: CashFlowFilters) => ['account', 'cashFlow', f] as const,
};

/** The prepaid balance at the supplier, in fen. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: moneyKeys.balance(),
    queryFn: async ({ signal }) => (await callOp('account.balance', {}, { signal })).balance,
    staleTime: STALE.live,
  });

export const cashFlowQuery = (f: CashFlowFilters) =>
  queryOptions({
    queryKey: moneyKeys.cashFlow(f),
    queryFn: ({ signal }) => callOp('account.cashFlow', f, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });
