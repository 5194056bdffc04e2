/**
 * A pause in the evaluation of the first page's script (main.tsx imports it between its other imports).
 * The bundled chunk runs its modules in import order as one script; a top-level await here ends the
 * browser task at this point, and the modules after it run in the next one. A phone thus evaluates
 * the script in a few tasks of ~50 ms (at Lighthouse's 4x slowdown) instead of one of ~250 ms, the
 * longest task of its start-up.
 */
import { nextTask } from '../../lib/next-task';

await nextTask();
