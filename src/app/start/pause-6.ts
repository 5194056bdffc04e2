// Another pause in the first page's script: pause-1.ts says why (each module runs once, so one pause each).
import { nextTask } from '../../lib/next-task';

await nextTask();
