import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `BENCH_ONLY=start npm run bench` (or `npx tsx bench/service-start.ts`): starts the app the way an
 * operator does (`npm start`, or BENCH_START_CMD) in a process group of its own, and prints how long
 * until `/healthz` answers 200 and how much memory the processes hold then (the whole tree from npm
 * down, and the largest process: the gateway). Twice on the same DATA_DIR: a first start (the
 * sandbox seeds its catalogue) and a restart. Then SIGTERM to the npm process and how long until the
 * port is free. Linux only (/proc).
 */

export interface StartRun {
  label: string;
  readyMs: number;
  treeRssMb: number;
  largestRssMb: number;
  processes: number;
  /** Whether this start built first (tools/start.mjs says "Building: …"). */
  built: boolean;
  /** From SIGTERM to the port free; null when it was still open after 20 s (the group was then killed). */
  stopMs: number | null;
  exitCode: number | null;
}

const rssKb = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
};

/** The process and all its descendants (through /proc/<pid>/task/<tid>/children). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${out[i]}/task`);
    } catch {
      continue;
    }
    for (const t of tasks) {
      try {
        for (const c of readFileSync(`/proc/${out[i]}/task/${t}/children`, 'utf8').trim().split(/\s+/)) if (c) out.push(Number(c));
      } catch {
        /* gone */
      }
    }
  }
  return out;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function startOnce(label: string, cmd: string, env: Record<string, string>, port: number): Promise<StartRun> {
  const started = performance.now();
  const child: ChildProcess = spawn('sh', ['-c', `exec ${cmd}`], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!(await healthy(port))) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode} before it served`);
    if (performance.now() - started > 180_000) throw new Error(`${cmd} did not serve within 180 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  // Memory once it has settled a little (the first reconcile and jobs start a few seconds in).
  await new Promise((r) => setTimeout(r, 1000));
  const pids = processTree(child.pid!);
  const sizes = pids.map(rssKb);
  const stopAt = performance.now();
  child.kill('SIGTERM');
  const exitCode = await exited;
  let stopMs: number | null = null;
  while (stopMs === null) {
    if (!(await portOpen(port))) stopMs = performance.now() - stopAt;
    else if (performance.now() - stopAt > 20_000) {
      // What `npm start` did before issue 40: npm ended, the gateway went on holding the port.
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      break;
    } else await new Promise((r) => setTimeout(r, 50));
  }
  return {
    label,
    readyMs,
    treeRssMb: sizes.reduce((a, b) => a + b, 0) / 1024,
    largestRssMb: Math.max(...sizes) / 1024,
    processes: pids.length,
    built: /Building:|vite build|✓ built in/.test(out),
    stopMs,
    exitCode,
  };
}

export async function benchServiceStart(): Promise<{ cmd: string; runs: StartRun[] }> {
  const cmd = process.env.BENCH_START_CMD ?? 'npm start';
  const dir = mkdtempSync(join(tmpdir(), 'supply-desk-start-'));
  const port = Number(process.env.BENCH_START_PORT ?? 41000 + Math.floor(Math.random() * 8000));
  const env = { DATA_DIR: dir, DRAIN_SECONDS: process.env.BENCH_DRAIN_SECONDS ?? '1', LOG_LEVEL: 'warn' };
  try {
    // A restart twice: in a tree someone is editing, the first restart may find changed sources and build.
    const runs = [
      await startOnce('first start', cmd, env, port),
      await startOnce('restart', cmd, env, port),
      await startOnce('restart', cmd, env, port),
    ];
    return { cmd, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printServiceStart(r: { cmd: string; runs: StartRun[] }) {
  console.log(`\nService start (${r.cmd}; to /healthz 200; memory 1 s later; then SIGTERM to the npm process)`);
  for (const s of r.runs) {
    console.log(
      `  ${s.label.padEnd(12)} ${s.built ? 'built, ' : ''}ready ${(s.readyMs / 1000).toFixed(2).padStart(6)} s   RSS ${s.treeRssMb.toFixed(0).padStart(4)} MB in ${s.processes} processes (largest ${s.largestRssMb.toFixed(0)} MB)   SIGTERM to npm -> ${s.stopMs === null ? 'port still held after 20 s' : `port free in ${(s.stopMs / 1000).toFixed(2)} s`}, npm exit ${s.exitCode}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printServiceStart(await benchServiceStart());
