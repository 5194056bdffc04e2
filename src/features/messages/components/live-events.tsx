import { useEffect, useRef, useSyncExternalStore } from 'react';
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

/** Whether this tab's event stream is open (the badge shows it as `data-live`, tests wait for it). */
let streamState: 'open' | 'connecting' = 'connecting';
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
  // The stream lives as long as the signed-in shell: a navigation must not reopen it.
  const go = useRef(navigate);
  useEffect(() => {
    go.current = navigate;
  }, [navigate]);

  useEffect(() => {
    let es: EventSource | null = null;
    let last = '';
    let stopped = false;
    let backoff = 1000;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const waiting = new Map<string, ReturnType<typeof setTimeout>>();
    const seen = new Set<string>();

    const toast = (m: InboxMessage) => {
      void import('../live-toast').then(({ showMessageToast }) => showMessageToast(m, i18n, (to) => go.current(to)));
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
    // Sent after every (re)connect and when the person's read marks change elsewhere: the exact
    // count, and the inbox read again (it covers anything stored while the stream was opening).
    const onUnread = (e: MessageEvent<string>) => {
      setStreamState('open');
      if (e.lastEventId) last = e.lastEventId;
      try {
        const { count } = JSON.parse(e.data) as { count: number };
        qc.setQueryData(messageKeys.unread(), { count });
      } catch {
        /* ignored: the next event corrects it */
      }
      void qc.invalidateQueries({ queryKey: messageKeys.lists() });
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
        setStreamState('connecting');
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
      setStreamState('connecting');
    };
  }, [qc, i18n]);
  return null;
}
