import { catalogueLocales } from '../features/catalogue/locales';
import { selectionLocales } from '../features/selection/locales';
import { ordersLocales } from '../features/orders/locales';

type Header = { title: string; subtitle: string };
const header = ({ title, subtitle }: Header): Header => ({ title, subtitle });

/**
 * The header of each first page (the pages whose styles the gateway puts in the HTML), in each
 * language: the build writes it to dist/.vite/shell.json (tools/build/shell-texts.ts) and the gateway
 * paints it before any script runs. Not imported by the app itself.
 */
export const shellTexts = {
  '/catalogue': { en: header(catalogueLocales.en), 'zh-CN': header(catalogueLocales['zh-CN']) },
  '/library': { en: header(selectionLocales.en), 'zh-CN': header(selectionLocales['zh-CN']) },
  '/orders': { en: header(ordersLocales.en.list), 'zh-CN': header(ordersLocales['zh-CN'].list) },
};
