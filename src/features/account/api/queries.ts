import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, Role, Session, SessionUser } from '../../../../contract';

export type { AuditEntry, Session, SessionUser };
import { bffFetch } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';

export interface LoginInfo {
  mode: 'sandbox' | 'upstream';
  demoUsers: { username: string; role: Role; password: string }[];
}
export interface ManagedUser extends SessionUser {
  disabled: boolean;
  demo: boolean;
  createdAt: number;
  updatedAt: number;
}
export interface AuditFilters {
  username?: string;
  action?: string;
  /** Exact action ids, comma-separated (names typed in either language, matched in the SPA). */
  actions?: string;
  from?: number;
  to?: number;
  failedOnly?: boolean;
  page: number;
  limit: number;
}

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  loginInfo: () => [...accountKeys.all, 'login-info'] as const,
  users: () => [...accountKeys.all, 'users'] as const,
  audit: (f: AuditFilters) => [...accountKeys.all, 'audit', f] as const,
};

export const meQuery = queryOptions({
  queryKey: accountKeys.me(),
  queryFn: ({ signal }) => bffFetch<Session>('/auth/me', { signal }),
  staleTime: STALE.reference,
  retry: false,
});

export const loginInfoQuery = queryOptions({
  queryKey: accountKeys.loginInfo(),
  queryFn: ({ signal }) => bffFetch<LoginInfo>('/auth/login', { signal }),
  staleTime: STALE.reference,
});

export const usersQuery = queryOptions({
  queryKey: accountKeys.users(),
  queryFn: ({ signal }) => bffFetch<{ list: ManagedUser[] }>('/users', { signal }),
  staleTime: STALE.live,
});

export const auditQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: accountKeys.audit(f),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== false) qs.set(k, String(v));
      return bffFetch<{ list: AuditEntry[]; total: number }>(`/audit?${qs.toString()}`, { signal });
    },
    staleTime: STALE.live,
    placeholderData: keepPreviousData,
  });

export const signInRequest = (username: string, password: string) => bffFetch<Session>('/auth/login', { body: { username, password } });
export const signOutRequest = () => bffFetch<{ ok: true }>('/auth/logout', { body: {} });
