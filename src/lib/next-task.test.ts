import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask, runInTasks } from './next-task';

describe('start-up steps', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs each step in a task of its own, in order, waiting for a step that returns a promise', async () => {
    const seen: string[] = [];
    let sync = true;
    const done = runInTasks([
      () => void seen.push(`a${sync ? ' (same task)' : ''}`),
      async () => {
        await new Promise((r) => setTimeout(r, 20));
        seen.push('b');
      },
      () => void seen.push('c'),
    ]);
    sync = false;
    // Nothing runs in the caller's task.
    expect(seen).toEqual([]);
    await done;
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('a step that throws stops the rest and rejects', async () => {
    const later = vi.fn();
    await expect(
      runInTasks([
        () => {
          throw new Error('broken step');
        },
        later,
      ]),
    ).rejects.toThrow('broken step');
    expect(later).not.toHaveBeenCalled();
  });

  it('yields with scheduler.yield where the browser has it, else with a message to itself', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await nextTask();
    expect(yieldFn).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
    const post = vi.spyOn(MessagePort.prototype, 'postMessage');
    await nextTask();
    expect(post).toHaveBeenCalledOnce();
    post.mockRestore();
  });
});
