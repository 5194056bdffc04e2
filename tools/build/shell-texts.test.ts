import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assetOf, buildFixture, FIXTURES } from './build-fixture';
import { shellTexts } from './shell-texts';

describe('shellTexts', () => {
  it('writes the module’s shellTexts as .vite/shell.json', async () => {
    const files = await buildFixture('split-shared.ts', [shellTexts(join(FIXTURES, 'shell-texts-module.ts'))]);
    expect(JSON.parse(assetOf(files, '.vite/shell.json'))).toEqual({
      '/catalogue': { en: { title: 'Catalogue', subtitle: 'Every product' }, 'zh-CN': { title: '商品', subtitle: '全部商品' } },
    });
  }, 30_000);

  it('fails the build when the module exports no shellTexts', async () => {
    await expect(buildFixture('split-shared.ts', [shellTexts(join(FIXTURES, 'no-shell-texts.ts'))])).rejects.toThrow(
      /exports no shellTexts/,
    );
  }, 30_000);
});
