// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mirrorToCookie } from './cookie';

describe('mirrorToCookie', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.cookie = 'sd-lang=; path=/; max-age=0';
  });

  it('writes a setting the cookie does not hold, and a changed one; not the same value again', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    mirrorToCookie('sd-lang', 'zh-CN');
    expect(document.cookie.split('; ')).toContain('sd-lang=zh-CN');
    mirrorToCookie('sd-lang', 'zh-CN');
    expect(set).toHaveBeenCalledTimes(1);
    mirrorToCookie('sd-lang', 'en');
    expect(set).toHaveBeenCalledTimes(2);
    expect(document.cookie.split('; ')).toContain('sd-lang=en');
    expect(document.cookie).not.toContain('zh-CN');
  });
});
