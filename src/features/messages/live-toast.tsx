import Button from '@mui/material/Button';
import type { i18n as I18n, TFunction } from 'i18next';
import { WATCH_MESSAGE_TYPE, type InboxMessage } from '../../../contract/message-kinds';
import { dismissToast, toast } from '../../lib/toast';
import { messageSentence } from './sentence';
import { registerMessagesTexts } from './texts';
import { STOPPED_TOAST } from './live-channel';

/** Goods messages that come within this long of one another are said in one toast. */
export const GOODS_BURST_MS = 1000;
const SHOWN_MS = 8000;

/** A dialog, the palette, a drawer or a menu is open (MUI's modals): live toasts wait and do not cover it. */
const modalOpen = () => document.querySelector('.MuiModal-root:not(.MuiModal-hidden)') !== null;
let watching = false;
const waiters: (() => void)[] = [];
/** Message toasts showing now: closed when a modal opens (the inbox keeps every message). */
const showing = new Set<string>();
/**
 * One watch of the page for modals opening and closing: a toast asked for while one is open waits for
 * it to close, and the message toasts showing when one opens are closed, so none lies over it.
 */
function watchModals() {
  if (watching) return;
  watching = true;
  let open = modalOpen();
  new MutationObserver(() => {
    const now = modalOpen();
    if (now === open) return;
    open = now;
    if (now) {
      for (const key of showing) dismissToast(key);
      showing.clear();
    } else for (const w of waiters.splice(0)) w();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
}
const whenNoModal = (): Promise<void> => {
  watchModals();
  return modalOpen() ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
};

let seq = 0;
const show = (
  key: string,
  text: string,
  link: { to: string; label: string } | undefined,
  t: TFunction<'messages'>,
  navigate: (to: string) => void,
) => {
  showing.add(key);
  setTimeout(() => showing.delete(key), SHOWN_MS);
  void toast(text, {
    // The default (dark) toast: its white text keeps AA contrast, unlike notistack's coloured variants.
    variant: 'default',
    autoHideDuration: SHOWN_MS,
    key,
    preventDuplicate: true,
    action: link
      ? (k) => (
          <Button
            color="inherit"
            size="small"
            aria-label={`${t('live.open')}: ${link.label}`}
            onClick={() => {
              dismissToast(k);
              navigate(link.to);
            }}
          >
            {t('live.open')}
          </Button>
        )
      : undefined,
  });
};

const textsOf = (i18n: I18n) => {
  registerMessagesTexts(i18n);
  const lang: 'en' | 'zh-CN' = i18n.language === 'en' ? 'en' : 'zh-CN';
  return { lang, t: i18n.getFixedT(lang, 'messages') as TFunction<'messages'> };
};

/** Goods messages waiting to be said together, and the goods toast showing (its key, count, until when). */
const goods: InboxMessage[] = [];
let goodsTimer: ReturnType<typeof setTimeout> | undefined;
let goodsShown: { key: string; count: number; until: number } | null = null;

async function flushGoods(i18n: I18n, navigate: (to: string) => void) {
  goodsTimer = undefined;
  await whenNoModal();
  const batch = goods.splice(0);
  if (batch.length === 0) return;
  const { lang, t } = textsOf(i18n);
  // A goods toast still showing takes these in: one toast with the whole count, not a second one.
  const before = goodsShown && goodsShown.until > Date.now() && showing.has(goodsShown.key) ? goodsShown : null;
  if (before) dismissToast(before.key);
  const count = batch.length + (before?.count ?? 0);
  const key = `message:goods:${++seq}`;
  if (count === 1) {
    const s = messageSentence(batch[0]!, t, lang);
    show(key, s.text, s.links[0], t, navigate);
  } else show(key, t('live.goodsMany', { count }), { to: '/messages?group=goods', label: t('live.goodsManyLink') }, t, navigate);
  goodsShown = { key, count, until: Date.now() + SHOWN_MS };
}

/**
 * A toast saying the message in words, with a button to what it is about (loaded on the first toast).
 * Bursts stay readable: goods messages that come together are one toast ("5 goods changed: see
 * messages"), other kinds one toast per kind and order or record (two children shipping say it once);
 * the host shows three at most (src/lib/toast.tsx), and none over an open dialog or the palette.
 */
export function showMessageToast(m: InboxMessage, i18n: I18n, navigate: (to: string) => void) {
  // The goods watch's own message has its toast already (the live `watch` event, live-events.tsx).
  if (m.type === WATCH_MESSAGE_TYPE) return;
  if (m.group === 'goods') {
    goods.push(m);
    goodsTimer ??= setTimeout(() => void flushGoods(i18n, navigate), GOODS_BURST_MS);
    return;
  }
  void whenNoModal().then(() => {
    const { lang, t } = textsOf(i18n);
    const s = messageSentence(m, t, lang);
    // The after-sale record first for after-sale messages, else the order.
    const link = s.links[0];
    show(`message:${m.type}:${link?.to ?? m.id}`, s.text, link, t, navigate);
  });
}

/**
 * The notice that the gateway stopped this browser's live updates (its session opened more streams
 * than it may), with a button to reconnect; it stays until then.
 */
export function showStoppedNotice(i18n: I18n, reconnect: () => void) {
  registerMessagesTexts(i18n);
  const t = i18n.getFixedT(i18n.language === 'en' ? 'en' : 'zh-CN', 'messages') as TFunction<'messages'>;
  void toast(t('live.stopped'), {
    variant: 'default',
    autoHideDuration: null,
    key: STOPPED_TOAST,
    preventDuplicate: true,
    action: (key) => (
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          dismissToast(key);
          reconnect();
        }}
      >
        {t('live.reconnect')}
      </Button>
    ),
  });
}
