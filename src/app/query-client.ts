import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { onServerStatus } from '../lib/server-probe';
import { OpError } from '../lib/bff';
import { STALE } from '../lib/stale';

/** Failures that a retry cannot fix: the supplier's own refusal, bad input, permissions. */
const NO_RETRY = new Set([
  'upstream',
  'invalid_input',
  'unknown_operation',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'cross_site',
  // Said at once; read again when the gateway will ask the supplier again (below).
  'supplier_down',
]);

const supplierDown = (error: unknown): error is OpError => error instanceof OpError && error.kind === 'supplier_down';

/**
 * While the supplier cannot be reached the gateway answers at once and says when it asks again
 * (`retryAfter`): every query that failed so is read again then (1 s to 60 s later), so a page
 * comes back by itself once the supplier answers, and says so again if it still does not.
 */
function readAgainWhenSupplierBack(client: () => QueryClient) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (error: OpError) => {
    if (timer) return;
    const seconds = Math.min(60, Math.max(1, error.detail.retryAfter ?? 5));
    timer = setTimeout(() => {
      timer = undefined;
      void client().refetchQueries({ predicate: (q) => q.state.status === 'error' && supplierDown(q.state.error) });
    }, seconds * 1000);
  };
}

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
  const readAgain = readAgainWhenSupplierBack(() => client);
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (supplierDown(error)) readAgain(error);
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
  return client;
}
