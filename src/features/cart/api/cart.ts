import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GoodsDetail, Order } from '../../../../contract';
import type { AddressBook, Cart, CartLine, CheckoutDraft, CheckoutDraftInput } from '../../../../contract/schemas/person';
import { bffFetch, callOp } from '../../../lib/bff';
import { STALE } from '../../../lib/stale';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';

/** The cart, address book and checkout draft live on the gateway, per person (`/bff/me/...`). */
export const cartKeys = {
  all: ['cart'] as const,
  cart: () => ['cart', 'lines'] as const,
  addresses: () => ['cart', 'addresses'] as const,
  draft: () => ['cart', 'checkout'] as const,
  regions: () => ['cart', 'regions'] as const,
  fresh: (goodsIds: number[]) => ['cart', 'fresh', goodsIds] as const,
};

export const CART_MAX_LINES = 100;

export const cartQuery = () =>
  queryOptions({
    queryKey: cartKeys.cart(),
    queryFn: ({ signal }) => bffFetch<Cart>('/me/cart', { signal }),
    staleTime: 5_000,
  });

export const addressesQuery = () =>
  queryOptions({
    queryKey: cartKeys.addresses(),
    queryFn: ({ signal }) => bffFetch<AddressBook>('/me/addresses', { signal }),
    staleTime: 60_000,
  });

/** The open checkout: its merchant order number is the gateway's, the same in every tab and on every retry. */
export const draftQuery = () =>
  queryOptions({
    queryKey: cartKeys.draft(),
    queryFn: ({ signal }) => bffFetch<CheckoutDraft>('/me/checkout', { signal }),
    // Kept for the life of the page: a tab holds on to its number even after another tab placed the order,
    // so its own submit is answered "already placed" instead of making a second order.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export type NewLine = Omit<CartLine, 'addedAt'>;

/** Adds lines to a cart: a SKU already there gets the quantities added. */
export function mergeLines(cart: Cart, add: NewLine[], now = Math.floor(Date.now() / 1000)): Cart {
  const lines = cart.lines.map((l) => ({ ...l }));
  for (const a of add) {
    const have = lines.find((l) => l.sku === a.sku);
    if (have) have.number = Math.min(9999, have.number + a.number);
    else lines.push({ ...a, addedAt: now });
  }
  return { lines: lines.slice(0, CART_MAX_LINES) };
}

/**
 * Writes the cart (the whole of it), shown at once and put back if the gateway refuses. Writes run
 * one after the other (one mutation scope), so quick changes arrive in order.
 */
export function useSaveCart() {
  const qc = useQueryClient();
  const text = useErrorText();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: (next: Cart) => bffFetch<Cart>('/me/cart', { method: 'PUT', body: next }),
    onMutate: async (next) => {
      await qc.cancelQueries({ queryKey: cartKeys.cart() });
      const before = qc.getQueryData<Cart>(cartKeys.cart());
      qc.setQueryData(cartKeys.cart(), next);
      return { before };
    },
    onError: (error, _next, ctx) => {
      if (ctx?.before) qc.setQueryData(cartKeys.cart(), ctx.before);
      void toast(text(error), { variant: 'error' });
    },
    onSuccess: (saved) => qc.setQueryData(cartKeys.cart(), saved),
  });
}

/** Adds lines to the signed-in person's cart (read fresh first, so another tab's additions are kept). */
export function useAddToCart() {
  const qc = useQueryClient();
  const save = useSaveCart();
  return {
    isPending: save.isPending,
    add: async (lines: NewLine[]) => {
      const current = await qc.fetchQuery({ ...cartQuery(), staleTime: 0 });
      if (current.lines.length + lines.filter((l) => !current.lines.some((c) => c.sku === l.sku)).length > CART_MAX_LINES) {
        throw new RangeError('cart-full');
      }
      return save.mutateAsync(mergeLines(current, lines));
    },
  };
}

export function useSaveAddresses() {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: 'addresses' },
    mutationFn: (book: AddressBook) => bffFetch<AddressBook>('/me/addresses', { method: 'PUT', body: book }),
    onSuccess: (saved) => qc.setQueryData(cartKeys.addresses(), saved),
  });
}

export function useSaveDraft() {
  const qc = useQueryClient();
  return useMutation({
    scope: { id: 'checkout' },
    mutationFn: (draft: CheckoutDraftInput) => bffFetch<CheckoutDraft>('/me/checkout', { method: 'PUT', body: draft }),
    onSuccess: (saved) => qc.setQueryData(cartKeys.draft(), saved),
  });
}

/** Closes the draft its order was placed with; a newer draft (another tab started over) stays. */
export const closeDraft = (orderSn: string) =>
  bffFetch<{ ok: boolean }>(`/me/checkout?orderSn=${encodeURIComponent(orderSn)}`, { method: 'DELETE' });

/** Product details of many goods, 50 a call (the operation's limit). */
export async function fetchDetails(ids: number[], signal?: AbortSignal): Promise<GoodsDetail[]> {
  const out: GoodsDetail[] = [];
  for (let i = 0; i < ids.length; i += 50) {
    out.push(...(await callOp('goods.bulkDetail', { ids: ids.slice(i, i + 50).join(',') }, { signal })));
  }
  return out;
}

/** Current price, stock and status of the goods in the cart. */
export const freshQuery = (goodsIds: number[]) =>
  queryOptions({
    queryKey: cartKeys.fresh(goodsIds),
    queryFn: ({ signal }) => fetchDetails(goodsIds, signal),
    staleTime: STALE.live,
    enabled: goodsIds.length > 0,
  });

/** An order's goods as cart lines (each SKU once, its quantities added): to place it again. */
export function linesOfOrder(o: Order): NewLine[] {
  const lines = new Map<number, NewLine>();
  for (const child of o.children)
    for (const g of child.goods) {
      const had = lines.get(g.sku);
      if (had) had.number = Math.min(9999, had.number + g.number);
      else
        lines.set(g.sku, {
          sku: g.sku,
          goodsId: g.goodsId,
          number: Math.min(9999, g.number),
          price: Math.max(1, g.price),
          title: g.name.slice(0, 200),
          spec: g.skuName.slice(0, 200),
          source: child.source,
          cover: g.image.slice(0, 500),
        });
    }
  return [...lines.values()];
}
