import type { Page } from '@playwright/test';

/**
 * Runs in a page before its scripts (Playwright's `addInitScript`): keeps each rule emotion writes
 * into its own sheets (key "css"), as the text emotion hands to `insertRule`. Used to record the first
 * pages' styles (tools/first-styles.ts) and to check the recording (e2e/first-paint.spec.ts).
 */
export function recordEmotionRules() {
  const rules: string[] = [];
  (window as unknown as { __emotionRules: string[] }).__emotionRules = rules;
  const insert = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    if ((this.ownerNode as Element | null)?.getAttribute('data-emotion') === 'css') rules.push(rule);
    return insert.call(this, rule, index);
  };
}

/** The rules emotion wrote in the page since it loaded. */
export const emotionRulesOf = (page: Page) => page.evaluate(() => (window as unknown as { __emotionRules: string[] }).__emotionRules);
