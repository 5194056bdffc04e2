import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { Session } from '../../contract';
// Straight to the modules, not through the features' faces: a face re-exports components (the app
// bar's tools, drawers) that would come along into the first download.
import { meQuery } from '../features/account/api/queries';
import { catalogueListAt } from '../features/catalogue/first-list';
import { onlineListQuery, type OnlineListFilters } from '../features/catalogue/api/queries';
import { FIRST_LIST_ID, OVERVIEW_FIRST_ASK, PHONE_MEDIA } from '../../contract/constants';
import { overviewKeys } from '../features/overview/api/keys';
import { preloadCatalogueList } from '../features/catalogue/list-chunk';
import { sourcesQuery } from '../components/sources-query';
import { metaQuery, type GatewayMeta } from './meta';
import { setShownClock } from '../lib/clock';
import { setLateHours } from '../lib/late-hours';
import { preloadShellTools } from './shell-tools-chunk';
import { preloadTexts } from './i18n';
import { FIRST_PAGE_CHUNKS } from './pages';

interface BootData {
  session?: Session;
  meta?: GatewayMeta;
  sources?: unknown;
}

type Permissions = Session['permissions'];
type HandedOver = { op?: unknown; route?: unknown; input?: unknown };

/**
 * First pages whose data can leave before React draws anything: who may ask for it (as the gateway
 * checks), how to ask for it, and, for what the gateway hands over with the page
 * (server/first-list.ts), the query key it is the answer of at this address, if it is.
 */
const FIRST_LISTS: Record<
  string,
  {
    may: (p: Permissions) => boolean;
    ask: (qc: QueryClient, search: string) => Promise<void>;
    handedOver?: (block: HandedOver, search: string) => readonly unknown[] | null;
  }
> = {
  '/catalogue': {
    may: (p) => p.ops.includes('selection.online'),
    ask: (qc, search) => {
      const list = catalogueListAt(search);
      return qc.prefetchQuery(list).then(() => preloadPicture(qc.getQueryData(list.queryKey)?.list[0]?.cover));
    },
    // An operation's list: taken when its input is the one this address asks with.
    handedOver: (block, search) => {
      if (block.op !== 'selection.online') return null;
      const list = catalogueListAt(search);
      return hashKey(list.queryKey) === hashKey(onlineListQuery(block.input as OnlineListFilters).queryKey) ? list.queryKey : null;
    },
  },
  // The library's and the orders' lists come from small chunks of their own (not in the catalogue's
  // first download): asked for now, they leave as soon as those arrive, while the page's chunk is on its way.
  '/library': {
    may: (p) => p.ops.includes('selection.list'),
    ask: (qc, search) => import('../features/selection/first-list').then((m) => qc.prefetchQuery(m.libraryListAt(search))),
  },
  '/orders': {
    may: (p) => p.ops.includes('order.list'),
    ask: (qc, search) => import('../features/orders/first-list').then((m) => m.prefetchOrdersAt(qc, search)),
  },
  '/overview': {
    may: (p) => p.features.includes('overview.read'),
    ask: (qc, search) => import('../features/overview/first-list').then((m) => m.prefetchOverviewAt(qc, search)),
    // The gateway's own route, for the default period: taken at the bare address only.
    handedOver: (block, search) =>
      block.route === '/overview' && !search && hashKey([block.input]) === hashKey([OVERVIEW_FIRST_ASK])
        ? overviewKeys.period(OVERVIEW_FIRST_ASK)
        : null,
  },
};

/**
 * The landing's data the gateway asked for while it sent the page (server/first-list.ts: a JSON block
 * after the shell, with the operation or route and input it asked with). Taken into the query cache
 * when it is what the page will ask for at this address; the catalogue's picture was already asked
 * for by the HTML. Returns whether it was.
 */
export function seedFirstList(queryClient: QueryClient, doc: Document = document): boolean {
  const el = doc.getElementById(FIRST_LIST_ID);
  if (!el?.textContent) return false;
  el.remove();
  let block: HandedOver & { data?: unknown };
  try {
    block = JSON.parse(el.textContent) as typeof block;
  } catch {
    return false;
  }
  const key = block.data ? FIRST_LISTS[doc.location.pathname]?.handedOver?.(block, doc.location.search) : null;
  if (!key) return false;
  queryClient.setQueryData(key, block.data as never);
  return true;
}

/**
 * A phone's largest paint on the catalogue is the first product's picture (its cards are two to a row):
 * asked for as soon as the list is in, not once the cards' code has come and drawn them (issue 39).
 */
function preloadPicture(url: string | undefined) {
  if (!url || !window.matchMedia?.(PHONE_MEDIA).matches) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/**
 * What the app bar and the merchant's strip read when they first draw (the unread count, the cart, the
 * strip's figures and its at-risk figure), for the people who see them: asked for at start-up, each
 * in a step of its own before the first render. Left to the components, the reads all left from
 * the passive effects of the commit that drew them, one task of ~50 ms on a phone's start-up in a
 * trace (five `fetch` calls with the live channel's set-up; issue 39). Each query's module is small
 * and comes anyway with the part that draws it; the component then finds its read in flight.
 */
function earlyReads(queryClient: QueryClient, session: Session, path: string): Array<() => void> {
  const { ops, features } = session.permissions;
  const read = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
  return [
    ...(features.includes('messages.read')
      ? [read(() => import('../features/messages/api/queries').then((m) => queryClient.prefetchQuery(m.unreadQuery)))]
      : []),
    ...(ops.includes('order.submit')
      ? [read(() => import('../features/cart/api/cart').then((m) => queryClient.prefetchQuery(m.cartQuery())))]
      : []),
    ...(path === '/catalogue' && features.includes('strip.read')
      ? [read(() => import('../features/overview/api/queries').then((m) => queryClient.prefetchQuery(m.stripQuery)))]
      : []),
    ...(path === '/catalogue' && features.includes('strip.read') && features.includes('watch.use')
      ? [read(() => import('../features/watch/api').then((m) => queryClient.prefetchQuery(m.summaryQuery())))]
      : []),
  ];
}

/**
 * Chunks of the page a person lands on (the catalogue's filters and list, the library's or the
 * orders' page): asked for at start-up when signed in, in parallel with the page's data, instead of
 * when React first reaches them.
 */
const FIRST_CHUNKS: Record<string, () => void> = {
  '/catalogue': preloadCatalogueList,
  ...FIRST_PAGE_CHUNKS,
};

/**
 * The gateway puts the signed-in person's session, its meta and the channels into the page it
 * serves (`<script type="application/json" id="boot-data">`, server/server.ts). Seeding the query
 * cache with them lets the first page draw and ask for its list at once, instead of waiting for
 * /bff/auth/me, then /bff/meta and the channels, one after another. Without the block (dev server,
 * signed out) the queries ask as before. Returns what to ask for next, one start-up step each: first
 * the steps before the first render (the page's chunks, the early reads), then those after it.
 */
export function seedBootData(queryClient: QueryClient, doc: Document = document): [Array<() => void>, ...Array<() => void>] {
  const el = doc.getElementById('boot-data');
  if (!el?.textContent) return [[]];
  let data: BootData;
  try {
    data = JSON.parse(el.textContent) as BootData;
  } catch {
    return [[]];
  }
  el.remove();
  if (data.session) queryClient.setQueryData(meQuery.queryKey, data.session);
  // With the session known, the page's list need not wait for the page: it leaves now, and the page
  // finds it in flight (same query key) when it mounts.
  const first = FIRST_LISTS[doc.location.pathname];
  if (data.session && first?.may(data.session.permissions) && !seedFirstList(queryClient, doc))
    void first.ask(queryClient, doc.location.search);
  if (data.meta) {
    queryClient.setQueryData(metaQuery.queryKey, data.meta);
    setShownClock(data.meta.clock);
    setLateHours(data.meta.exceptions?.lateHours);
  }
  if (Array.isArray(data.sources)) queryClient.setQueryData(sourcesQuery().queryKey, data.sources as never);
  // Signed in: the page's own chunks and the app bar's tools (with their texts) will follow the first
  // paint; main.tsx asks for them after the list's request, each in a task of its own (a preload adds
  // a link to the document for each file, up to 5 ms each in a trace).
  if (!data.session) return [[]];
  const path = doc.location.pathname;
  return [
    [() => FIRST_CHUNKS[path]?.(), ...earlyReads(queryClient, data.session, path)],
    preloadShellTools,
    () => void preloadTexts('account', 'money', 'cart'),
  ];
}
