import type { EventBus } from '../db';

/**
 * Bus topic: sessions ended other than by running out (signed out, a person disabled, their role or
 * password changed). Every gateway forgets the sessions it had read (sessions.ts), so none is
 * honoured a moment longer.
 */
export const SESSIONS_ENDED = 'sessions.ended';

/** Says on the bus (to this gateway and every other) that sessions ended: after their rows are gone. */
export const sessionsEnded = (bus: EventBus | undefined): Promise<void> => bus?.publish(SESSIONS_ENDED, null) ?? Promise.resolve();
