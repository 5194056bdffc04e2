import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES } from './i18n';
import { appMoreLocales } from './locales-more';
import { cardTexts } from '../components/goods-cards';

describe('cardTexts', () => {
  // Looked up once per grid, filled per card: the same words i18next gives for each card's title.
  it.each(LANGUAGES)('says what t says for each title (%s)', (lang) => {
    const t = createI18n(lang, {}, appMoreLocales).getFixedT(lang, 'app');
    const texts = cardTexts(t);
    for (const title of ['青云 加厚羽绒被 浅蓝 小号', 'A $& $1 {{title}} <b>"x"</b>', '']) {
      expect(texts.alt(title)).toBe(t('goods.imageAlt', { title }));
      expect(texts.select(title)).toBe(t('goods.select', { title }));
    }
    expect(texts.guidePrice).toBe(t('goods.columns.guidePrice'));
    expect(texts.rate).toBe(t('goods.columns.promotionRate'));
    expect(texts.alt('x')).not.toContain('\u0000');
  });
});
