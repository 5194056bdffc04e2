/** Page sizes of the goods lists (catalogue, library groups). Apart from the table, so URL readers stay light. */
export const PAGE_SIZES = [20, 50, 100] as const;
