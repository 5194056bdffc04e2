/**
 * Bus topic: sessions ended other than by running out (signed out, a person disabled, their role or
 * password changed). Every gateway forgets the sessions it had read (sessions.ts), so none is
 * honoured a moment longer. Published by the session and user stores after the rows are gone.
 */
export const SESSIONS_ENDED = 'sessions.ended';
