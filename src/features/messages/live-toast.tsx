import Button from '@mui/material/Button';
import type { i18n as I18n, TFunction } from 'i18next';
import type { InboxMessage } from '../../../contract/message-kinds';
import { dismissToast, toast } from '../../lib/toast';
import { messageSentence } from './sentence';
import { registerMessagesTexts } from './texts';
import { STOPPED_TOAST } from './live-channel';

/** A toast saying the message in words, with a button to what it is about (loaded on the first toast). */
export function showMessageToast(m: InboxMessage, i18n: I18n, navigate: (to: string) => void) {
  registerMessagesTexts(i18n);
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const t = i18n.getFixedT(lang, 'messages') as TFunction<'messages'>;
  const s = messageSentence(m, t, lang);
  // The after-sale record first for after-sale messages, else the order or the product.
  const link = s.links[0];
  void toast(s.text, {
    // The default (dark) toast: its white text keeps AA contrast, unlike notistack's coloured variants.
    variant: 'default',
    autoHideDuration: 8000,
    // Bursts stay readable: one toast per kind and order or record (two children shipping say it once),
    // and one product toast at a time, so a run of repricings never pushes an order's toast out.
    key: m.group === 'goods' ? 'message:goods' : `message:${m.type}:${link?.to ?? m.id}`,
    preventDuplicate: true,
    action: link
      ? (key) => (
          <Button
            color="inherit"
            size="small"
            aria-label={`${t('live.open')}: ${link.label}`}
            onClick={() => {
              dismissToast(key);
              navigate(link.to);
            }}
          >
            {t('live.open')}
          </Button>
        )
      : undefined,
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
