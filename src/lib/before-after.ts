/**
 * A value that changed, as shown: "before → after", or only "after" when there is no before or the
 * two read the same as shown ("67.4% → 67.4%" says nothing; issue 49). Compares the shown texts, so
 * values that differ below what is shown (67.41 and 67.44 at one decimal) read as unchanged too.
 */
export function beforeAfter(before: string | null | undefined, after: string): string {
  return before == null || before === after ? after : `${before} → ${after}`;
}

/** Whether a before differs from its after as shown (the texts). */
export const changedAsShown = (before: string | null | undefined, after: string): boolean => before != null && before !== after;
