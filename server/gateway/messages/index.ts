import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  MESSAGE_ACK,
  inboxQuerySchema,
  markReadSchema,
  messageGroupsOf,
  mayUse,
  parsePushedMessage,
  type MessageSettings,
} from '../../../contract';
import { discardRestOfBody } from '../../lib/drain';
import { formatIssues, issueDetail } from '../../lib/issues';
import { BUS_RESYNC, type GatewayDb } from '../db';
import { SESSIONS_ENDED, type SessionsEndedEvent } from '../auth/events';
import type { User } from '../auth/users';
import { gatewayFailure, type FailureExtra } from '../operations/upstream';
import { upstreamCaller, type OpCaller } from './effects';
import { LiveHub, type LiveEvent } from './hub';
import { Linker } from './linker';
import { MessageStore, type StoredRow } from './store';
import { shownClockKind } from '../clock';
import type { UpstreamTarget } from '../config';
import type { ExceptionEvent } from '../../../contract/schemas/exceptions';

export { messagesMigrations } from './tables';
export { MessageStore } from './store';

/** Pushed bodies are refused above this size, before they are read (as every /bff body). */
export const HOOK_BODY_LIMIT = 64 * 1024;
/** Events replayed after a reconnect at most; beyond that the page is told to read the inbox again. */
export const REPLAY_MAX = 500;
export const HEARTBEAT_MS = 15_000;
export const DEFAULT_RETENTION_DAYS = 90;
export const PRUNE_INTERVAL_MS = 60 * 60_000;

export interface MessageCenterDeps {
  db: GatewayDb;
  /** The upstream the effects look orders and products up in (null: no effects, e.g. benches of the receiver alone). */
  upstream: UpstreamTarget | OpCaller | null;
  /** The secret path part of the callback URL, and where it came from. */
  token: { value: string; source: MessageSettings['tokenSource'] };
  /** The origin people open the app at (the callback URL's origin). */
  publicOrigin: string;
  retentionDays?: number;
  /** Sandbox or the real upstream: which clock the inbox is shown on (clock.ts, shownClockKind), so its date filter reads the time shown. */
  mode?: 'sandbox' | 'upstream';
  now?: () => number;
  log?: (line: string) => void;
  /** Heartbeat interval of event streams (tests shorten it). */
  heartbeatMs?: number;
  /** How long a new message waits for others to be linked with (LINK_WAIT_MS; tests that count shared look-ups lengthen it). */
  linkWaitMs?: number;
  /** Event streams held at once in this process, per session and per client address (EVENT_STREAMS_PER_*). */
  streamLimits?: StreamLimits;
  /** After messages were linked: what else reads them (the order mirror reads after-sale records again). Never throws. */
  afterLinked?: (rows: StoredRow[]) => Promise<void>;
}

export interface StreamLimits {
  /** A session's streams: a few tabs' worth (the SPA shares one stream across a browser's tabs). The oldest is closed for a new one. */
  perSession: number;
  /** Streams from one client address, all sessions together: beyond it a new one is refused with 429. */
  perAddress: number;
}
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perSession: 8, perAddress: 64 };

type Env = { Variables: { user: User } };

/**
 * A request body of at most `limit` bytes, or null as soon as it is longer (the rest is then read
 * into nothing, so the client gets its answer instead of a reset; a client that keeps sending for
 * 5 s more is cut off).
 */
function readCapped(incoming: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    incoming.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      setTimeout(() => incoming.socket?.destroy(), 5000).unref();
      resolve(null);
    });
    incoming.on('end', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The message inbox: the receiver of pushed messages, the inbox API, live events, the effects
 * (links to order, after-sale record and products) and retention.
 */
export function createMessageCenter(deps: MessageCenterDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const retentionDays = deps.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const store = new MessageStore(deps.db, now, shownClockKind(deps.mode ?? 'upstream'));
  const hub = new LiveHub(store, deps.db.bus, log);
  const call = deps.upstream === null ? null : typeof deps.upstream === 'function' ? deps.upstream : upstreamCaller(deps.upstream);
  const linker = new Linker(store, hub, call, { log, waitMs: deps.linkWaitMs, afterLinked: deps.afterLinked });
  const callbackUrl = `${deps.publicOrigin.replace(/\/$/, '')}/hooks/messages/${deps.token.value}`;
  /** What ends each open event stream now; `endStreams` (the gateway stopping) calls them all. */
  const openStreams = new Set<() => void>();
  let streamsEnded = false;
  const limits = deps.streamLimits ?? DEFAULT_STREAM_LIMITS;
  /** Open streams per session (oldest first), each with what stops it for good, and counts per client address. */
  const bySession = new Map<string, Array<() => void>>();
  const byAddress = new Map<string, number>();
  /**
   * Each open stream's check of its session, by person: when sessions end (signed out, disabled, a
   * role or password changed; SESSIONS_ENDED, from this gateway or another) the person's streams
   * check theirs at once, and end within a moment instead of at the next heartbeat. After a bus
   * reconnect (events possibly missed) every stream checks.
   */
  const sessionChecks = new Map<number, Set<() => void>>();
  const checkSessions = (userId?: number) => {
    if (userId === undefined) for (const set of sessionChecks.values()) set.forEach((check) => check());
    else sessionChecks.get(userId)?.forEach((check) => check());
  };
  const busStops = [
    deps.db.bus.subscribe(SESSIONS_ENDED, (p) => {
      const userId = (p as SessionsEndedEvent)?.userId;
      checkSessions(typeof userId === 'number' ? userId : undefined);
    }),
    deps.db.bus.subscribe(BUS_RESYNC, () => checkSessions()),
  ];

  // ---- the receiver: POST /hooks/messages/<token> ----
  const receiver = new Hono();
  const notFound = (c: Context) => c.json({ code: 0, msg: 'Not found.' }, 404);
  receiver.post(
    '/:token',
    // The token first: a wrong one reads nothing and stores nothing.
    async (c, next) => {
      if (!sameToken(c.req.param('token') ?? '', deps.token.value)) {
        discardRestOfBody(c);
        return notFound(c);
      }
      await next();
    },
    async (c) => {
      // Capped before it is read: a larger Content-Length at once, a longer stream as soon as it is.
      const tooLarge = () => {
        discardRestOfBody(c);
        return c.json({ code: 0, msg: `The message is too large (${HOOK_BODY_LIMIT / 1024} kB at most).` }, 413);
      };
      if (Number(c.req.header('content-length') ?? 0) > HOOK_BODY_LIMIT) return tooLarge();
      let text: string;
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (incoming) {
        // Straight from the socket: the receiver's hot path skips the web-stream Request body.
        const read = await readCapped(incoming, HOOK_BODY_LIMIT);
        if (read === null) return c.json({ code: 0, msg: `The message is too large (${HOOK_BODY_LIMIT / 1024} kB at most).` }, 413);
        text = read;
      } else {
        text = await c.req.text();
        if (Buffer.byteLength(text) > HOOK_BODY_LIMIT) return tooLarge();
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return c.json({ code: 0, msg: 'The body is not JSON.' }, 400);
      }
      const parsed = parsePushedMessage(body);
      if (!parsed.ok) return c.json({ code: 0, msg: `Malformed message: ${parsed.field}: ${parsed.error}` }, 400);
      let seq: number | null;
      try {
        // Stored (or found stored) before the acknowledgement: a failed write is never acknowledged.
        seq = await store.insert(parsed.message);
      } catch (e) {
        log(`[messages] could not store message ${parsed.message.id}: ${e instanceof Error ? e.message : String(e)}`);
        return c.json({ code: 0, msg: 'The message could not be stored; send it again.' }, 503);
      }
      if (seq !== null) {
        // After the answer is on its way: live pages, then the lookups.
        hub.noteNew(seq);
        linker.enqueue(seq);
      }
      return c.json(MESSAGE_ACK);
    },
  );
  receiver.all('*', notFound);

  // ---- the inbox API and live events under /bff (the session is checked by the /bff app) ----
  const routes = (opts: {
    stillSignedIn: (c: Context<Env>) => Promise<boolean>;
    /** The request's session (its cookie's token: held in memory only, to count its streams). */
    sessionOf: (c: Context<Env>) => string;
    /** The client's address, as the gateway reads it (TRUST_PROXY). */
    addressOf: (c: Context<Env>) => string;
  }) => {
    const app = new Hono<Env>();
    const fail = (c: Context, status: 400 | 403 | 429, msg: string, detail: FailureExtra = {}) =>
      c.json(gatewayFailure(status === 403 ? 'forbidden' : status === 429 ? 'rate_limited' : 'invalid_input', msg, detail), status);
    // Per route, not `use('*')`: this app is mounted at the root of /bff.
    const guard = async (c: Context<Env>, next: () => Promise<void>) => {
      if (!mayUse(c.get('user').role, 'messages.read')) return fail(c, 403, 'Your role does not allow this.');
      await next();
    };
    const groupsOf = (c: Context<Env>) => messageGroupsOf(c.get('user').role);

    app.get('/messages', guard, async (c) => {
      const q = inboxQuerySchema.safeParse(c.req.query());
      if (!q.success) return fail(c, 400, `Invalid input: ${formatIssues(q.error)}`, issueDetail(q.error, c.req.query()));
      return c.json(await store.list(c.get('user').id, groupsOf(c), q.data));
    });
    app.get('/messages/unread', guard, async (c) => c.json({ count: await store.unreadCount(c.get('user').id, groupsOf(c)) }));
    app.post('/messages/read', guard, async (c) => {
      const body = markReadSchema.safeParse(await c.req.json().catch(() => null));
      if (!body.success) return fail(c, 400, `Invalid input: ${formatIssues(body.error)}`, issueDetail(body.error));
      const user = c.get('user');
      const changed = await store.mark(user.id, groupsOf(c), body.data.all ? 'all' : body.data.ids!, body.data.read);
      if (changed) void hub.publishRead(user.id).catch(() => {});
      return c.json({ changed, unread: await store.unreadCount(user.id, groupsOf(c)) });
    });
    app.get('/messages/settings', guard, (c) => {
      if (!mayUse(c.get('user').role, 'messages.settings')) return fail(c, 403, 'Your role does not allow this.');
      const s: MessageSettings = { callbackUrl, retentionDays, tokenSource: deps.token.source };
      return c.json(s);
    });

    /**
     * Server-sent events: `message` (id = seq) for each message the person may see, `unread` with the
     * count after every (re)connect and every change of their read marks, `resync` when more was
     * missed than is replayed. After a reconnect (Last-Event-ID, or `?after=` from a new stream) what
     * was missed is replayed first. A comment every 15 s keeps proxies from closing it; the session
     * (and that it still has the role the stream was opened with) is checked at each, and at once when
     * the person's sessions ended anywhere (SESSIONS_ENDED): the stream ends with it, within a moment,
     * on every gateway, and sends nothing after. Bounded (StreamLimits): a session's oldest
     * stream gets `stop` (the page does not reconnect it) when one more opens; an address over its
     * limit is refused with 429.
     */
    app.get('/events', guard, (c) => {
      const user = c.get('user');
      const address = opts.addressOf(c);
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) {
        c.header('Retry-After', '30');
        return fail(
          c,
          429,
          `Too many live-update connections from this address (${limits.perAddress} at most). Close some windows, then reload.`,
          {
            rule: 'too_many',
            limit: limits.perAddress,
          },
        );
      }
      const session = opts.sessionOf(c);
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      const mine = bySession.get(session) ?? [];
      bySession.set(session, mine);
      // Counted now, before the stream starts: streams opened together cannot all pass.
      let stopForGood: () => void = () => {};
      const slot = () => stopForGood();
      mine.push(slot);
      while (mine.length > limits.perSession) mine.shift()!();
      const release = () => {
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
        const i = mine.indexOf(slot);
        if (i >= 0) mine.splice(i, 1);
        if (mine.length === 0 && bySession.get(session) === mine) bySession.delete(session);
      };
      const groups = groupsOf(c);
      const raw = c.req.header('last-event-id') ?? c.req.query('after');
      const after = raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
      c.header('X-Accel-Buffering', 'no');
      c.header('Cache-Control', 'no-store');
      return streamSSE(c, async (stream) => {
        let replaying = true;
        let sentUpTo = -1;
        const buffered: LiveEvent[] = [];
        const write = (ev: LiveEvent, replay = false) =>
          stream.writeSSE({
            event: 'message',
            id: String(ev.message.seq),
            data: JSON.stringify(replay ? { ...ev, replay: true } : ev),
          });
        let chain = Promise.resolve();
        /** The session ended (or the role changed): nothing more is written, whatever is queued. */
        let gone = false;
        const queue = (fn: () => Promise<void>) => (chain = chain.then(() => (gone ? undefined : fn())).catch(() => {}));
        const remove = hub.add({
          userId: user.id,
          groups,
          message: (ev) => {
            if (replaying) buffered.push(ev);
            else void queue(() => write(ev));
          },
          unread: (count) => void queue(() => stream.writeSSE({ event: 'unread', data: JSON.stringify({ count }) })),
          resync: () => void queue(() => stream.writeSSE({ event: 'resync', data: '{}' })),
          allImports: mayUse(user.role, 'imports.all'),
          importProgress: (ev) => void queue(() => stream.writeSSE({ event: 'import', data: JSON.stringify(ev) })),
          watch: (ev) => void queue(() => stream.writeSSE({ event: 'watch', data: JSON.stringify(ev) })),
          ...(mayUse(user.role, 'exceptions.read')
            ? { exceptions: (ev: ExceptionEvent) => void queue(() => stream.writeSSE({ event: 'exceptions', data: JSON.stringify(ev) })) }
            : {}),
        });
        let aborted = false;
        // The wait between heartbeats, cut short when the gateway stops or the client goes: a closed
        // stream gives its slot back at once, not at the next heartbeat (an office behind one address
        // that reloads would be refused while nothing is open).
        let wake = () => {};
        stream.onAbort(() => {
          aborted = true;
          remove();
          wake();
        });
        const end = () => {
          aborted = true;
          wake();
        };
        openStreams.add(end);
        // Sessions ended somewhere: this stream's is checked in its queue, so whatever is queued after
        // (a message that came with or after the change) waits for the answer, and is not sent when it ended.
        const check = () =>
          void queue(async () => {
            if (!(await opts.stillSignedIn(c))) {
              gone = true;
              end();
            }
          });
        const checks = sessionChecks.get(user.id) ?? new Set<() => void>();
        sessionChecks.set(user.id, checks);
        checks.add(check);
        // More streams of this session than allowed: this, the oldest, tells its page not to reconnect.
        let stopped = false;
        stopForGood = () => {
          if (stopped) return;
          stopped = true;
          void queue(() => stream.writeSSE({ event: 'stop', data: JSON.stringify({ reason: 'too_many_streams' }) })).then(end);
        };
        try {
          await stream.writeSSE({ event: 'hello', data: '{}', retry: 3000 });
          if (after !== null) {
            const missed = await store.since(user.id, groups, after, REPLAY_MAX + 1);
            if (missed.length > REPLAY_MAX) await stream.writeSSE({ event: 'resync', data: '{}' });
            else for (const m of missed) await write({ message: m, change: 'new' }, true);
            sentUpTo = missed.length && missed.length <= REPLAY_MAX ? missed[missed.length - 1]!.seq : after;
          }
          for (const ev of buffered.splice(0)) if (!gone && (ev.change === 'linked' || ev.message.seq > sentUpTo)) await write(ev);
          const last = Math.max(sentUpTo, await store.lastSeq());
          await stream.writeSSE({
            event: 'unread',
            id: String(last),
            data: JSON.stringify({ count: await store.unreadCount(user.id, groups) }),
          });
          replaying = false;
          for (const ev of buffered.splice(0)) if (!gone) await write(ev);
          while (!aborted && !streamsEnded) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, deps.heartbeatMs ?? HEARTBEAT_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            if (aborted) break;
            if (!(await opts.stillSignedIn(c))) break;
            await queue(async () => void (await stream.write(': heartbeat\n\n')));
          }
        } finally {
          remove();
          openStreams.delete(end);
          checks.delete(check);
          if (checks.size === 0 && sessionChecks.get(user.id) === checks) sessionChecks.delete(user.id);
          release();
        }
      });
    });
    return app;
  };

  return {
    store,
    hub,
    linker,
    receiver,
    routes,
    callbackUrl,
    /** The periodic job: prune past the retention, and link what is still unlinked. One process at a time. */
    async periodic() {
      const pruned = await store.prune(now() - retentionDays * 86_400_000);
      if (pruned) log(`[messages] ${pruned} message(s) older than ${retentionDays} days removed`);
      await linker.sweep(now());
    },
    /**
     * Ends every open event stream now, and any opened later right after its first events: an event
     * stream never finishes on its own, so a stopping gateway would otherwise wait its whole grace
     * period for them. The browsers' EventSource reconnects (3 s), through the balancer to another gateway.
     */
    /** Event streams open in this process now (the live-streams metric). */
    openStreams: () => openStreams.size,
    endStreams() {
      streamsEnded = true;
      for (const end of openStreams) end();
    },
    close() {
      linker.stop();
      hub.close();
      busStops.forEach((stop) => stop());
    },
  };
}
export type MessageCenter = ReturnType<typeof createMessageCenter>;
