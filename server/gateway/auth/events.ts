import type { EventBus } from '../db';

/**
 * Bus topic: sessions ended other than by running out (signed out, a person disabled, their role or
 * password changed). Every gateway forgets the sessions it had read (sessions.ts), so none is
 * honoured a moment longer, and ends the open event streams of that person whose session is gone
 * (messages/index.ts), so none delivers a message a moment longer.
 */
export const SESSIONS_ENDED = 'sessions.ended';

/** What SESSIONS_ENDED carries: whose sessions ended (null or no `userId`: whose is not known; every stream looks again). */
export type SessionsEndedEvent = { userId?: number } | null;

/** Says on the bus (to this gateway and every other) that a person's sessions ended: after their rows are gone. */
export const sessionsEnded = (bus: EventBus | undefined, userId?: number): Promise<void> =>
  bus?.publish(SESSIONS_ENDED, (userId === undefined ? null : { userId }) satisfies SessionsEndedEvent) ?? Promise.resolve();
