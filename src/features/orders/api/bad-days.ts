import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE } from '../../../../contract/constants';
import { bffFetch, OpError } from '../../../lib/bff';
import { invalidateOrderData } from './queries';

/** The sandbox supplier's faults in force (`/bff/sandbox/faults`): shares 0–1, latency in ms. */
export interface SandboxFaults {
  error: number;
  lost: number;
  drop: number;
  latencyMs: number;
  outage: boolean;
}
export type FaultsChange = Partial<Pick<SandboxFaults, 'error' | 'lost' | 'latencyMs' | 'outage'>>;
export const IRREGULAR_KINDS = ['late', 'stalled', 'cancelled', 'returned'] as const;
export type IrregularKind = (typeof IRREGULAR_KINDS)[number];

type Envelope<T> = { code?: number; msg?: string; data?: T };
const answered = <T>(env: Envelope<T>, label: string): T => {
  if (env.code !== SUCCESS_CODE || env.data === undefined) throw new OpError('upstream', env.msg ?? '', label, undefined, env.code);
  return env.data;
};

export const faultsQuery = () =>
  queryOptions({
    queryKey: ['sandbox', 'faults'],
    queryFn: async ({ signal }) =>
      answered(await bffFetch<Envelope<SandboxFaults>>('/sandbox/faults', { signal }, 'sandbox.faults'), 'sandbox.faults'),
    staleTime: 0,
  });

export const useFaults = (enabled = true) => useQuery({ ...faultsQuery(), enabled });

/** Sets the faults given (the rest stay); the answer is what is in force now. */
export function useSetFaults() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: FaultsChange) =>
      answered(await bffFetch<Envelope<SandboxFaults>>('/sandbox/faults', { body: change }, 'sandbox.faults'), 'sandbox.faults'),
    onSuccess: (now) => qc.setQueryData(faultsQuery().queryKey, now),
    // Said in the dialog, beside the form (not a second time in a toast).
    onError: () => {},
  });
}

/** Makes one order late, stalled, cancelled by the supplier or returned now; its pages read it again. */
export function useMakeIrregular() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderSn: string; kind: IrregularKind }) =>
      answered(
        await bffFetch<Envelope<{ sn: string; thirdSn: string; kind: IrregularKind }>>(
          '/sandbox/irregular',
          { body: input },
          'sandbox.irregular',
        ),
        'sandbox.irregular',
      ),
    onSuccess: async () => {
      await invalidateOrderData(qc);
      await Promise.all([['afterSale'], ['overview'], ['messages']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
    onError: () => {},
  });
}
