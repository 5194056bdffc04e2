import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { InboxMessage, LiveMessageEvent } from '../../../../contract/message-kinds';
import { useCan } from '../../account';
import { messageKeys } from '../api/queries';
import { keysTouchedBy } from '../live-keys';

/** Kinds a person acts on: these also show a toast with a link. */
export const TOASTED = new Set(['order.delivery', 'afterSale.agree', 'afterSale.refuse', 'afterSale.success', 'goods.undercarriage']);
/** How long a toast waits for the message's link (title, courier…) before it shows the bare sentence. */
const LINK_WAIT_MS = 2000;
const MAX_BACKOFF_MS = 30_000;

/** Live updates for everyone who may read messages: renders nothing. */
export function LiveEvents() {
  const can = useCan();
  return can.feature('messages.read') ? <LiveEventStream /> : null;
}

/**
 * One EventSource on /bff/events. Each message invalidates exactly the query keys it touches, moves
 * the unread count and, for what a person acts on, shows a toast with a link. The browser reconnects
 * on its own with Last-Event-ID, and the gateway replays what was missed; when the gateway closed
 * the stream (a restart, a session that ended) a new one starts after a pause, from the last id seen.
 * Nothing here polls.
 */
function LiveEventStream() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useTranslation();

  useEffect(() => {
    let es: EventSource | null = null;
    let last = '';
    let stopped = false;
    let backoff = 1000;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const waiting = new Map<string, ReturnType<typeof setTimeout>>();

    const toast = (m: InboxMessage) => {
      void import('../live-toast').then(({ showMessageToast }) => showMessageToast(m, i18n, navigate));
    };

    const onMessage = (e: MessageEvent<string>) => {
      backoff = 1000;
      if (e.lastEventId) last = e.lastEventId;
      let ev: LiveMessageEvent & { replay?: boolean };
      try {
        ev = JSON.parse(e.data) as typeof ev;
      } catch {
        return;
      }
      const m = ev.message;
      for (const filter of keysTouchedBy(m)) void qc.invalidateQueries(filter);
      void qc.invalidateQueries({ queryKey: messageKeys.lists() });
      if (ev.change === 'new' && !m.read) {
        qc.setQueryData<{ count: number }>(messageKeys.unread(), (old) => (old ? { count: old.count + 1 } : old));
      }
      if (ev.replay || !TOASTED.has(m.type)) return;
      if (ev.change === 'new') {
        if (m.refs) toast(m);
        else
          waiting.set(
            m.id,
            setTimeout(() => (waiting.delete(m.id), toast(m)), LINK_WAIT_MS),
          );
      } else if (waiting.has(m.id)) {
        clearTimeout(waiting.get(m.id));
        waiting.delete(m.id);
        toast(m);
      }
    };
    // The exact count after a (re)connect, once the replay is through.
    const onUnread = (e: MessageEvent<string>) => {
      try {
        const { count } = JSON.parse(e.data) as { count: number };
        qc.setQueryData(messageKeys.unread(), { count });
      } catch {
        /* ignored: the next event corrects it */
      }
    };
    // Too much was missed to replay (or the gateway's bus reconnected): read the inbox again.
    const onResync = () => void qc.invalidateQueries({ queryKey: messageKeys.all });

    const open = () => {
      if (stopped) return;
      es = new EventSource(last ? `/bff/events?after=${encodeURIComponent(last)}` : '/bff/events');
      es.addEventListener('message', onMessage);
      es.addEventListener('unread', onUnread);
      es.addEventListener('resync', onResync);
      es.onerror = () => {
        // CONNECTING: the browser retries by itself. CLOSED: the gateway refused; start anew later.
        if (es?.readyState !== EventSource.CLOSED) return;
        es.close();
        retry = setTimeout(open, backoff);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      for (const t of waiting.values()) clearTimeout(t);
      es?.close();
    };
  }, [qc, navigate, i18n]);
  return null;
}
