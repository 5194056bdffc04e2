import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { InboxMessage, LiveMessageEvent } from '../../../../contract/message-kinds';
import { useCan, useSession } from '../../account';
import { messageKeys } from '../api/queries';
import { keysTouchedBy } from '../live-keys';
import { STOPPED_TOAST, shareAcrossTabs, type LiveFrame } from '../live-channel';
import Button from '@mui/material/Button';
import { dismissToast, toast } from '../../../lib/toast';
import { signalWatch } from '../../../lib/watch-signal';

/** Kinds a person acts on: these also show a toast with a link. */
export const TOASTED = new Set(['order.delivery', 'afterSale.agree', 'afterSale.refuse', 'afterSale.success', 'goods.undercarriage']);
/** How long a toast waits for the message's link (title, courier…) before it shows the bare sentence. */
const LINK_WAIT_MS = 2000;
const MAX_BACKOFF_MS = 30_000;

/** Whether the browser's event stream is open (the badge shows it as `data-live`, tests wait for it); `stopped` by the gateway. */
let streamState: 'open' | 'connecting' | 'stopped' = 'connecting';
const stateListeners = new Set<() => void>();
const setStreamState = (s: typeof streamState) => {
  if (s === streamState) return;
  streamState = s;
  stateListeners.forEach((l) => l());
};
export function useStreamState() {
  return useSyncExternalStore(
    (l) => (stateListeners.add(l), () => void stateListeners.delete(l)),
    () => streamState,
  );
}

/** Live updates for everyone who may read messages: renders nothing. */
export function LiveEvents() {
  const can = useCan();
  const session = useSession();
  return can.feature('messages.read') ? <LiveEventStream userId={session.user.id} /> : null;
}

/**
 * One EventSource on /bff/events for the whole browser: the tabs share it (live-channel.ts: the tab
 * holding a Web Lock opens it and passes every event to the others), so a person with twenty tabs
 * holds one stream. Each message invalidates exactly the query keys it touches, moves the unread
 * count and, for what a person acts on, shows a toast with a link, in every tab. The browser
 * reconnects on its own with Last-Event-ID, and the gateway replays what was missed; when the gateway
 * closed the stream (a restart, a session that ended, or 429: too many from this address) a new one
 * starts after a pause that grows to 30 s, from the last id seen. A `stop` (this session opened more
 * streams than it may) closes it for good, until the person asks to reconnect. Nothing here polls.
 */
function LiveEventStream({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  // The stream lives as long as the signed-in shell: a navigation must not reopen it.
  const go = useRef(navigate);
  useEffect(() => {
    go.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const waiting = new Map<string, ReturnType<typeof setTimeout>>();
    const seen = new Set<string>();
    /** Set in the tab that holds the stream: opens it again after the gateway said stop. */
    let reopen = () => {};

    const toastMessage = (m: InboxMessage) => {
      void import('../live-toast').then(({ showMessageToast }) => showMessageToast(m, i18n, (to) => go.current(to)));
    };

    const onMessage = (data: string) => {
      let ev: LiveMessageEvent & { replay?: boolean };
      try {
        ev = JSON.parse(data) as typeof ev;
      } catch {
        return;
      }
      const m = ev.message;
      // A message seen new before (replayed after a reconnect) is not counted or toasted again.
      if (ev.change === 'new') {
        if (seen.has(m.id)) return;
        seen.add(m.id);
        if (seen.size > 5000) seen.clear();
      }
      for (const filter of keysTouchedBy(m)) void qc.invalidateQueries(filter);
      void qc.invalidateQueries({ queryKey: messageKeys.lists() });
      if (ev.change === 'new' && !m.read) {
        qc.setQueryData<{ count: number }>(messageKeys.unread(), (old) => (old ? { count: old.count + 1 } : old));
      }
      if (ev.replay || !TOASTED.has(m.type)) return;
      if (ev.change === 'new') {
        if (m.refs) toastMessage(m);
        else
          waiting.set(
            m.id,
            setTimeout(() => (waiting.delete(m.id), toastMessage(m)), LINK_WAIT_MS),
          );
      } else if (waiting.has(m.id)) {
        clearTimeout(waiting.get(m.id));
        waiting.delete(m.id);
        toastMessage(m);
      }
    };
    // Sent after every (re)connect and when the person's read marks change elsewhere: the exact
    // count, and the inbox read again (it covers anything stored while the stream was opening).
    const onUnread = (data: string) => {
      setStreamState('open');
      dismissToast(STOPPED_TOAST);
      try {
        const { count } = JSON.parse(data) as { count: number };
        qc.setQueryData(messageKeys.unread(), { count });
      } catch {
        /* ignored: the next event corrects it */
      }
      void qc.invalidateQueries({ queryKey: messageKeys.lists() });
    };

    const onFrame = (f: LiveFrame) => {
      if (f.type === 'message') onMessage(f.data);
      else if (f.type === 'unread') onUnread(f.data);
      // Too much was missed to replay (or the gateway's bus reconnected): read the inbox again.
      else if (f.type === 'resync') void qc.invalidateQueries({ queryKey: messageKeys.all });
      else if (f.type === 'import') {
        // A bulk-order job moved on: its page and the list of imports read it again, and orders were
        // placed (the order lists and the balance moved).
        for (const queryKey of [['imports'], ['orders', 'list'], ['account', 'balance'], ['account', 'cashFlow']])
          void qc.invalidateQueries({ queryKey });
      } else if (f.type === 'exceptions') {
        // Support's exceptions opened, changed hands or closed: the queue's lists and the orders' cases read again.
        void qc.invalidateQueries({ queryKey: ['exceptions'] });
      } else if (f.type === 'watch') {
        // The goods watch: goods became at risk (or a minimum changed). Its lists and the strip's figure
        // read again; the people who sell the goods are told in a toast that opens the at-risk page.
        void qc.invalidateQueries({ queryKey: ['watch'] });
        let goodsIds: number[] = [];
        try {
          goodsIds = ((JSON.parse(f.data) as { goodsIds?: unknown[] }).goodsIds ?? []).filter((g): g is number => typeof g === 'number');
        } catch {
          /* ignored: the lists were read again */
        }
        const count = goodsIds.length;
        // A cart open on a page reads its goods' prices and state again; a checked bulk-order sheet holding them is marked.
        if (count > 0) void qc.invalidateQueries({ queryKey: ['cart', 'fresh'] });
        signalWatch(goodsIds);
        if (count > 0)
          void i18n.loadNamespaces('watch').then(() =>
            toast(i18n.t('watch:live.atRisk', { count }), {
              key: 'watch-at-risk',
              preventDuplicate: true,
              action: (key) => (
                <Button color="inherit" size="small" onClick={() => (dismissToast(key), go.current('/at-risk'))}>
                  {i18n.t('watch:live.open')}
                </Button>
              ),
            }),
          );
      } else if (f.type === 'state') setStreamState(f.data === 'open' || f.data === 'stopped' ? f.data : 'connecting');
      else if (f.type === 'reconnect') reopen();
      if (f.type === 'stop' || (f.type === 'state' && f.data === 'stopped')) {
        setStreamState('stopped');
        void import('../live-toast').then(({ showStoppedNotice }) =>
          showStoppedNotice(i18n, () => share.send({ type: 'reconnect', data: '', lastEventId: '' })),
        );
      }
    };

    const openStream = (after: string, emit: (f: LiveFrame) => void) => {
      let es: EventSource | null = null;
      let last = after;
      let closed = false;
      let stoppedByGateway = false;
      let backoff = 1000;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const relay = (type: string) => (e: MessageEvent<string>) => {
        if (type === 'message') backoff = 1000;
        if (e.lastEventId) last = e.lastEventId;
        emit({ type, data: e.data, lastEventId: e.lastEventId });
      };
      const open = () => {
        if (closed) return;
        es = new EventSource(last ? `/bff/events?after=${encodeURIComponent(last)}` : '/bff/events');
        for (const type of ['message', 'unread', 'resync', 'import', 'watch', 'exceptions']) es.addEventListener(type, relay(type));
        es.addEventListener('stop', (e: MessageEvent<string>) => {
          // This session opened more streams than it may: this one goes for good, not retried.
          stoppedByGateway = true;
          es?.close();
          emit({ type: 'stop', data: e.data, lastEventId: '' });
        });
        es.onerror = () => {
          emit({ type: 'state', data: 'connecting', lastEventId: '' });
          // CONNECTING: the browser retries by itself. CLOSED: the gateway refused; start anew later.
          if (es?.readyState !== EventSource.CLOSED) return;
          es.close();
          retry = setTimeout(open, backoff);
          backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
        };
      };
      reopen = () => {
        if (!stoppedByGateway) return;
        stoppedByGateway = false;
        emit({ type: 'state', data: 'connecting', lastEventId: '' });
        open();
      };
      open();
      return () => {
        closed = true;
        reopen = () => {};
        clearTimeout(retry);
        es?.close();
      };
    };

    // A tab that joins later learns from the holder whether the stream is open.
    const share = shareAcrossTabs(`supply-desk-live-events-${userId}`, onFrame, openStream, () => [
      { type: 'state', data: streamState, lastEventId: '' },
    ]);
    return () => {
      share.stop();
      for (const timer of waiting.values()) clearTimeout(timer);
      dismissToast(STOPPED_TOAST);
      setStreamState('connecting');
    };
  }, [qc, i18n, userId]);
  return null;
}
