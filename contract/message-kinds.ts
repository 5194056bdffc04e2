/**
 * The kinds of pushed message and the inbox's shapes, without zod: the browser's first page (the
 * unread badge, live updates) uses them without pulling the schema library in.
 */
/** The 13 kinds of the interface document plus `goods.storage.delete` (upstream-api.md §8.3). */
export const MESSAGE_TYPES = [
  'order.cancel',
  'goods.undercarriage',
  'order.success',
  'afterSale.agree',
  'goods.on.sale',
  'order.delivered',
  'afterSale.refuse',
  'goods.alter',
  'order.delivery',
  'afterSale.success',
  'goods.price.alter',
  'goods.storage.add',
  'goods.storage.remove',
  'goods.storage.delete',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
const KNOWN = new Set<string>(MESSAGE_TYPES);
export const isMessageType = (t: string): t is MessageType => KNOWN.has(t);

/**
 * The gateway's own message of the goods watch (not pushed by the supplier): a change put library
 * goods at risk. Stored in the `goods` group, so those who sell goods see it and support does not;
 * its data is a WatchRiskData (contract/schemas/watch.ts).
 */
export const WATCH_MESSAGE_TYPE = 'watch.risk';

/** The inbox groups messages by what they are about; `unknown` holds kinds the upstream added later. */
export const MESSAGE_GROUPS = ['orders', 'afterSale', 'goods'] as const;
export type MessageGroup = (typeof MESSAGE_GROUPS)[number];
export type MessageGroupOrUnknown = MessageGroup | 'unknown';

export function groupOf(type: string): MessageGroupOrUnknown {
  if (!isMessageType(type)) return 'unknown';
  if (type.startsWith('order.')) return 'orders';
  if (type.startsWith('afterSale.')) return 'afterSale';
  return 'goods';
}

export const MESSAGE_TYPES_BY_GROUP: Record<MessageGroup, MessageType[]> = {
  orders: MESSAGE_TYPES.filter((t) => groupOf(t) === 'orders'),
  afterSale: MESSAGE_TYPES.filter((t) => groupOf(t) === 'afterSale'),
  goods: MESSAGE_TYPES.filter((t) => groupOf(t) === 'goods'),
};

/** What a receiver answers to acknowledge a message. */
export const MESSAGE_ACK = { code: 1 } as const;

// ---- the inbox, as the gateway serves it and the SPA reads it ----

/** What the gateway learned about a message's order line once it was stored (fetched once, kept). */
export interface MessageOrderRef {
  /** The merchant order number the message names. */
  thirdSn: string;
  /** The platform number (what the order pages are keyed by). */
  sn?: string;
  lineSn?: string;
  title?: string;
  source?: number;
  quantity?: number;
  courier?: string;
  trackingNo?: string;
}

export interface MessageGoodsRef {
  id: number;
  title?: string;
  /** After a price change: the new agreement price (fen, lowest over the SKUs) and the profit rate (%). */
  agreementPrice?: number;
  profitRate?: number;
}

export interface MessageRefs {
  order?: MessageOrderRef;
  afterSale?: { id: number };
  goods?: MessageGoodsRef[];
}

export interface InboxMessage {
  /** Position in the gateway's inbox: increases with every stored message (the SSE event id). */
  seq: number;
  id: string;
  type: string;
  group: MessageGroupOrUnknown;
  data: Record<string, unknown>;
  /** Unix ms: pushed (when the upstream said so) and received. */
  pushedAt: number | null;
  receivedAt: number;
  read: boolean;
  /** Null until the effects ran (the link to order, after-sale record or products). */
  refs: MessageRefs | null;
}

export interface InboxPage {
  list: InboxMessage[];
  total: number;
  unread: number;
}

/** Admins: what to paste into the open platform, and how long messages are kept. */
export interface MessageSettings {
  callbackUrl: string;
  retentionDays: number;
  /** Where the token came from: the MESSAGES_TOKEN setting or a file made on first start. */
  tokenSource: 'setting' | 'file';
}

/** One server-sent event of `GET /bff/events` (event name `message`, id = `seq`). */
export interface LiveMessageEvent {
  message: InboxMessage;
  /** `new`: just stored; `linked`: its refs arrived after it was shown. */
  change: 'new' | 'linked';
}
