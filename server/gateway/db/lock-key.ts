import { createHash } from 'node:crypto';

/**
 * A stable 63-bit advisory-lock key for a name. A module of its own so that what the migrations
 * import (a feature's tables and their fills) can take it without importing the database's opening.
 */
export const lockKey = (name: string) => createHash('sha256').update(`supply-desk:${name}`).digest().readBigInt64BE(0).toString();
