import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * After refusing a body that is too large, read the rest of it into nothing: closing the socket with
 * unread data makes TCP reset the connection, and the client may lose the 413 it was sent. Nothing is
 * kept in memory; a client that does not finish within `graceMs` is cut off. The answer says
 * `Connection: close`: the connection ends after it, so a client does not send its next request on a
 * socket that is about to be closed under it ("other side closed").
 */
export function discardRestOfBody(c: Context, graceMs = 5000): void {
  c.header('Connection', 'close');
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const body = c.req.raw.body;
  if (!incoming || !body || body.locked || incoming.readableEnded || incoming.destroyed) return;
  const timer = setTimeout(() => incoming.socket?.destroy(), graceMs);
  timer.unref();
  const reader = body.getReader();
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // The client went away: nothing left to discard.
    } finally {
      clearTimeout(timer);
    }
  })();
}
