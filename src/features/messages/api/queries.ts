import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxPage, MessageSettings } from '../../../../contract/message-kinds';
import { bffFetch } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export interface InboxFilters {
  unread?: boolean;
  group?: string;
  type?: string;
  /** Unix ms, inclusive. */
  from?: number;
  to?: number;
  page: number;
  limit: number;
}

/** Keys from general to specific: every inbox list and the unread count live under ['messages']. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (f: InboxFilters) => [...messageKeys.lists(), f] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  settings: () => [...messageKeys.all, 'settings'] as const,
};

export const inboxQuery = (f: InboxFilters) =>
  queryOptions({
    queryKey: messageKeys.list(f),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams();
      if (f.unread) qs.set('unread', '1');
      if (f.group) qs.set('group', f.group);
      if (f.type) qs.set('type', f.type);
      if (f.from !== undefined) qs.set('from', String(f.from));
      if (f.to !== undefined) qs.set('to', String(f.to));
      qs.set('page', String(f.page));
      qs.set('limit', String(f.limit));
      return bffFetch<InboxPage>(`/messages?${qs.toString()}`, { signal });
    },
    // Live events keep it fresh (no polling): it is read again only when an event says so.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

export const unreadQuery = queryOptions({
  queryKey: messageKeys.unread(),
  queryFn: ({ signal }) => bffFetch<{ count: number }>('/messages/unread', { signal }),
  staleTime: Infinity,
});

export const settingsQuery = queryOptions({
  queryKey: messageKeys.settings(),
  queryFn: ({ signal }) => bffFetch<MessageSettings>('/messages/settings', { signal }),
  staleTime: STALE.reference,
});

/** Marks some messages (or all the person may see) read or unread; the lists and the count follow. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; read: boolean } | { all: true; read: true }) =>
      bffFetch<{ changed: number; unread: number }>('/messages/read', { body }),
    onSuccess: (r) => qc.setQueryData(messageKeys.unread(), { count: r.unread }),
    onSettled: () => qc.invalidateQueries({ queryKey: messageKeys.lists() }),
  });
}
