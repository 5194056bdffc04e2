/** Resolves in a new browser task (a message to itself: no 4 ms clamp like setTimeout, runs before timers). */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
