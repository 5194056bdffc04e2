import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExceptionCase, ExceptionsAnswer } from '../../../../contract/schemas/exceptions';
import { bffFetch } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

/**
 * React Query keys of support's exceptions: everything under ['exceptions'], which the live event
 * `exceptions` (src/features/messages/components/live-events.tsx) reads again.
 */
export const exceptionKeys = {
  all: ['exceptions'] as const,
  list: (query: string) => ['exceptions', 'list', query] as const,
  order: (orderSn: string) => ['exceptions', 'order', orderSn] as const,
};

/** A page of the queue's exceptions (`query`: exceptionsViewToQuery). */
export const exceptionsListQuery = (query: string) =>
  queryOptions({
    queryKey: exceptionKeys.list(query),
    queryFn: ({ signal }) => bffFetch<ExceptionsAnswer>(`/exceptions?${query}`, { signal }),
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

/** One order's exceptions of every state (the order detail's), oldest first. */
export const orderExceptionsQuery = (orderSn: string) =>
  queryOptions({
    queryKey: exceptionKeys.order(orderSn),
    queryFn: ({ signal }) =>
      bffFetch<ExceptionsAnswer>(`/exceptions?${new URLSearchParams({ order: orderSn, size: '100' }).toString()}`, { signal }),
    staleTime: STALE.live,
  });

export type ExceptionStep = { step: 'take' } | { step: 'notes'; text: string } | { step: 'resolve'; note: string };

/**
 * A step on a case (take it, note it, resolve it with a note): the answer (the case as it is now) goes
 * into its order's list at once, and every exceptions list is read again.
 */
export function useExceptionStep(orderSn: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...s }: ExceptionStep & { id: number }) =>
      bffFetch<ExceptionCase>(`/exceptions/${id}/${s.step}`, {
        method: 'POST',
        body: s.step === 'notes' ? { text: s.text } : s.step === 'resolve' ? { note: s.note } : {},
      }),
    onSuccess: (kase) => {
      qc.setQueryData<ExceptionsAnswer>(exceptionKeys.order(orderSn), (old) =>
        old ? { ...old, list: old.list.map((k) => (k.id === kase.id ? kase : k)) } : old,
      );
    },
    onSettled: () => qc.invalidateQueries({ queryKey: exceptionKeys.all }),
  });
}
