import { nextTask } from '../lib/next-task';

/**
 * A break in the first page's module evaluation (issue 39): main.tsx imports this between groups of
 * modules, and the build keeps the first page's modules in one file in their evaluation order, so the
 * modules after it are evaluated in a later browser task (top-level await). A phone's main thread is
 * then never held for the whole file's evaluation at once.
 */
await nextTask();
