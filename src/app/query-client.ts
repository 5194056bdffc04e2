import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { onServerStatus } from '../lib/server-probe';
import { OpError } from '../lib/bff';
import { STALE } from '../lib/stale';

/** Failures that a retry cannot fix: the supplier's own refusal, bad input, permissions. */
const NO_RETRY = new Set(['upstream', 'invalid_input', 'unknown_operation', 'unauthorized', 'forbidden', 'rate_limited', 'cross_site']);

/**
 * `notify` gets failures nobody else shows: every failed write, and background refetches of data
 * already on screen (a first load shows its error in place instead).
 */
/**
 * While the server is away, queries pause (TanStack's offline mode) and fetch again by themselves
 * when it is back; nothing turns into an error page meanwhile.
 */
export function followServerStatus() {
  return onServerStatus((away) => onlineManager.setOnline(!away));
}

export function createQueryClient(notify?: (error: unknown) => void, onSessionEnded?: () => void) {
  const ended = (error: unknown) => error instanceof OpError && error.kind === 'unauthorized';
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (ended(error) && query.queryKey[0] !== 'account') onSessionEnded?.();
        else if (query.state.data !== undefined) notify?.(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (ended(error)) onSessionEnded?.();
        else if (!mutation.options.onError) notify?.(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE.catalogue,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: true,
        retry: (count, error) => !(error instanceof OpError && NO_RETRY.has(error.kind)) && count < 2,
      },
      // Writes are never retried automatically: an order must not be placed twice. They are sent even
      // while the server seems away (never held back and sent later): a failure then says so in words.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
