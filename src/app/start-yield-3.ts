import { nextTask } from '../lib/next-task';

/** Another break in the first page's module evaluation: see start-yield-1.ts (a module runs once, so each break is a file). */
await nextTask();
