import { describe, expect, it } from 'vitest';
import { buildFixture, codeOf } from './build-fixture';
import { muiThemeWithoutCssVars } from './mui-theme-without-css-vars';

describe('muiThemeWithoutCssVars', () => {
  it('leaves MUI’s CSS-variables theme builder out of a build that calls createTheme', async () => {
    const without = codeOf(await buildFixture('theme-entry.ts', [muiThemeWithoutCssVars()]));
    const withVars = codeOf(await buildFixture('theme-entry.ts', []));
    // The builder's own code (its CSS-variable getter is called dozens of times in it).
    expect(withVars).toContain('getCssVar');
    expect(without).not.toContain('getCssVar');
    expect(without).toContain('leaves out MUI CSS variables');
    // The plain theme builder stays.
    expect(without).toContain('createThemeNoVars');
    expect(without.length).toBeLessThan(withVars.length - 10_000);
  }, 60_000);
});
