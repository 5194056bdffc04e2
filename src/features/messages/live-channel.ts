/** The toast key of the notice that the live updates stopped (one per tab). */
export const STOPPED_TOAST = 'live-events-stopped';

/** One thing that came down the event stream, as every tab of the browser hears it. */
/** A tab that starts listening says so: the holder answers with its snapshot. */
const JOIN = 'join';

export interface LiveFrame {
  /** `message`, `unread`, `resync`, `stop` from the gateway; `state` when the stream opens or drops. */
  type: string;
  data: string;
  lastEventId: string;
}

interface Locks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/**
 * Shares one event stream among the tabs of a browser: the tab that holds the Web Lock `name` opens
 * it (`openStream`, told the last event id any tab saw) and passes every frame to the other tabs on a
 * BroadcastChannel of the same name; when that tab closes, the lock passes to another, which opens
 * the stream from the last id (the gateway replays what was missed). Every tab, the holder included,
 * gets each frame in `onFrame`. Without Web Locks or BroadcastChannel, each tab has a stream of its own.
 * Returns `stop`, and `send`: a frame of this tab's own to every tab (itself included).
 */
export function shareAcrossTabs(
  name: string,
  onFrame: (f: LiveFrame) => void,
  openStream: (after: string, emit: (f: LiveFrame) => void) => () => void,
  /** What the tab holding the stream tells a tab that joins later (e.g. that the stream is open). */
  snapshot: () => LiveFrame[] = () => [],
  env: { locks?: Locks; Channel?: typeof BroadcastChannel } = {
    locks: (globalThis.navigator as { locks?: Locks } | undefined)?.locks,
    Channel: globalThis.BroadcastChannel,
  },
): { stop: () => void; send: (f: LiveFrame) => void } {
  let last = '';
  const heard = (f: LiveFrame) => {
    if (f.lastEventId) last = f.lastEventId;
    onFrame(f);
  };
  if (!env.locks || !env.Channel) return { stop: openStream('', heard), send: heard };
  const channel = new env.Channel(name);
  let closed = false;
  let release = () => {};
  let holding = false;
  channel.onmessage = (e: MessageEvent<LiveFrame>) => {
    if (e.data.type !== JOIN) return heard(e.data);
    if (holding) for (const f of snapshot()) channel.postMessage(f);
  };
  // A tab opened later asks the holder what it should know now.
  channel.postMessage({ type: JOIN, data: '', lastEventId: '' } satisfies LiveFrame);
  void env.locks
    .request(name, async () => {
      if (closed) return;
      holding = true;
      // This tab holds the stream until it closes (or stops sharing).
      const stop = openStream(last, (f) => {
        heard(f);
        channel.postMessage(f);
      });
      await new Promise<void>((resolve) => (release = resolve));
      stop();
    })
    .catch(() => {});
  return {
    stop: () => {
      closed = true;
      release();
      channel.close();
    },
    send: (f) => {
      heard(f);
      channel.postMessage(f);
    },
  };
}
