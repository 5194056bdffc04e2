import { catalogueLocales } from '../features/catalogue/locales';
import { selectionLocales } from '../features/selection/locales';
import { ordersLocales } from '../features/orders/locales';
import { afterSaleLocales } from '../features/after-sale/locales';
import { overviewLocales } from '../features/overview/locales';
import { appMoreLocales } from './locales-more';

type Header = { title: string; subtitle: string };
const header = ({ title, subtitle }: Header): Header => ({ title, subtitle });
/** The catalogue's header and the words of its first cards, which the gateway paints on phones with the first goods (server/first-list.ts). */
const catalogue = (lang: 'en' | 'zh-CN') => ({
  ...header(catalogueLocales[lang]),
  guidePrice: appMoreLocales[lang].goods.columns.guidePrice,
});
/** The overview's header and the words of its line of days, which the gateway paints on wide screens with the figures (server/first-list.ts). */
const overview = (lang: 'en' | 'zh-CN') => {
  const { showing, comparison } = overviewLocales[lang];
  return { ...header(overviewLocales[lang]), showing, comparison: { ...comparison } };
};

/**
 * The header of each first page (the merchant's pages whose styles the gateway puts in the HTML, and
 * the landings of support and managers: the painted header is what their phones show, and their
 * largest paint, while the page's code and figures come), in each
 * language: the build writes it to dist/.vite/shell.json (tools/build/shell-texts.ts) and the gateway
 * paints it before any script runs. Not imported by the app itself.
 */
export const shellTexts = {
  '/catalogue': { en: catalogue('en'), 'zh-CN': catalogue('zh-CN') },
  '/library': { en: header(selectionLocales.en), 'zh-CN': header(selectionLocales['zh-CN']) },
  '/orders': { en: header(ordersLocales.en.list), 'zh-CN': header(ordersLocales['zh-CN'].list) },
  '/queue': { en: header(afterSaleLocales.en.queue), 'zh-CN': header(afterSaleLocales['zh-CN'].queue) },
  '/overview': { en: overview('en'), 'zh-CN': overview('zh-CN') },
};
