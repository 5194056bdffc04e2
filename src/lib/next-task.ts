interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new browser task: `scheduler.yield()` where the browser has it (the continuation runs
 * ahead of other queued tasks), else a message to itself (a task with no 4 ms clamp like setTimeout's).
 * The browser may paint and handle input in between.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `steps` in order, each in a browser task of its own, so that no task holds the main thread for
 * their sum (Lighthouse counts each task over 50 ms as blocking); a step may be async (an `import()`),
 * and the next waits for it. A step that throws stops the rest:
 * the error surfaces as an unhandled rejection, where the app's crash handling sees it.
 */
export async function runInTasks(steps: Array<() => void | Promise<void>>): Promise<void> {
  for (const step of steps) {
    await nextTask();
    await step();
  }
}
