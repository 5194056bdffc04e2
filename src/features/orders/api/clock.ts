import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE } from '../../../../contract/constants';
import { bffFetch, OpError } from '../../../lib/bff';
import { formatMillis } from '../../../lib/time';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { invalidateOrderData } from './queries';

/** How far the sandbox's business clock may be moved at once from the app (its menu, the palette). */
export const CLOCK_STEPS = [
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86_400 },
] as const;

/** Moves the sandbox's business clock through the gateway, then reads what moved with it again (orders, logistics, money, the overview…). */
async function advance(seconds: number) {
  const env = await bffFetch<{ code?: number; msg?: string; data?: { nowMs?: number } }>(
    '/sandbox/clock',
    { body: { advanceSeconds: seconds } },
    'sandbox.clock',
  );
  if (env.code !== SUCCESS_CODE) throw new OpError('upstream', env.msg ?? '', 'sandbox.clock', undefined, env.code);
  return env.data?.nowMs;
}

/** Moving the clock, said in a toast when done (or why not). */
export function useMoveClock() {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const text = useErrorText();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: advance,
    onSuccess: async (nowMs) => {
      // The app's clock first (src/lib/clock.ts), then what moved with it.
      await qc.invalidateQueries({ queryKey: ['meta'] });
      await invalidateOrderData(qc);
      // Everything else that shows business time or what moved with it: after-sales and the work queue,
      // the overview (the mirror's figures and "as of"), the goods watch, the inbox, the imports (issue 49).
      await Promise.all(
        [['afterSale'], ['overview'], ['watch'], ['messages'], ['imports']].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
      void toast(nowMs ? t('clock.moved', { time: formatMillis(nowMs, lang) }) : t('clock.movedNoTime'), { variant: 'success' });
    },
    onError: (e) => void toast(text(e), { variant: 'error' }),
  });
}
