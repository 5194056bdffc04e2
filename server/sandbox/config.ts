import { z } from 'zod';
import { join } from 'node:path';
import { portSchema, readEnv } from '../lib/env';

export const sandboxEnvSchema = z.object({
  PORT: portSchema.default(8790),
  SANDBOX_APP_KEY: z.string().min(4, 'must be at least 4 characters').default('sandbox-app-key'),
  SANDBOX_APP_SECRET: z.string().min(8, 'must be at least 8 characters').default('sandbox-app-secret-change-me'),
  SANDBOX_CALLBACK_URL: z.url('must be an http(s) URL').optional(),
  DATA_DIR: z.string().default('./data'),
  SANDBOX_SEED: z.coerce.number().int('must be an integer').default(20260101),
  SANDBOX_GOODS: z.coerce
    .number()
    .int('must be an integer')
    .min(10, 'must be at least 10')
    .max(500_000, 'must be at most 500000')
    .default(5000),
  SANDBOX_SPEED: z.coerce.number().min(0.001, 'must be above 0').max(1_000_000, 'must be at most 1000000').default(120),
  SANDBOX_FAULTS: z
    .string()
    .regex(
      /^(\s*(latency|error|drop|lost)=[\d.]+\s*)(,\s*(latency|error|drop|lost)=[\d.]+\s*)*$/,
      'must look like "latency=200,error=0.1,lost=0.05,drop=0.05"',
    )
    .optional(),
  /** Shares of irregular orders (late, stalled, cancelled, returned); `0` for none. */
  SANDBOX_IRREGULAR: z
    .string()
    .regex(
      /^\s*(0|(late|stalled|cancelled|returned)=[\d.]+(\s*,\s*(late|stalled|cancelled|returned)=[\d.]+)*)\s*$/,
      'must be 0 or look like "late=0.04,stalled=0.03,cancelled=0.02,returned=0.01"',
    )
    .refine((v) => Object.values(parseIrregular(v)).reduce((a, b) => a + b, 0) <= 1, 'the shares must add up to at most 1')
    .optional(),
  /** Base of the image URLs the sandbox hands out; by default the origin each request came to. */
  SANDBOX_PUBLIC_URL: z.url('must be an http(s) URL').optional(),
});

export interface SandboxConfig {
  appKey: string;
  appSecret: string;
  callbackUrl?: string;
  /** Extra headers on every push (the embedded sandbox's per-process key to its own gateway). */
  callbackHeaders?: Record<string, string>;
  dbFile: string;
  seed: number;
  goods: number;
  publicUrl?: string;
  /** How many times faster than the wall clock business time runs (shipping, reviews, retries). */
  speed: number;
  faults: Faults;
  /**
   * Shares of paid children that turn out irregular, decided by the seed and the merchant order
   * number (irregular.ts). Absent: none, as in tests that build their configuration by hand.
   */
  irregular?: IrregularShares;
  /** Accepted distance between a request's timestamp and the wall clock (upstream-api.md §12). */
  signatureWindowMs: number;
}

export function sandboxConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig & { port: number } {
  const e = readEnv(sandboxEnvSchema, env);
  return {
    port: e.PORT,
    appKey: e.SANDBOX_APP_KEY,
    appSecret: e.SANDBOX_APP_SECRET,
    callbackUrl: e.SANDBOX_CALLBACK_URL,
    dbFile: join(e.DATA_DIR, 'sandbox.sqlite'),
    seed: e.SANDBOX_SEED,
    goods: e.SANDBOX_GOODS,
    publicUrl: e.SANDBOX_PUBLIC_URL,
    speed: e.SANDBOX_SPEED,
    faults: parseFaults(e.SANDBOX_FAULTS),
    irregular: parseIrregular(e.SANDBOX_IRREGULAR),
    signatureWindowMs: 10 * 60 * 1000,
  };
}

/**
 * Faults on demand for reliability tests (the starting values; `POST /sandbox/faults` changes them
 * while the sandbox runs): added latency (ms); a share of calls answered 500 系统繁忙 without acting;
 * a share whose connection is cut before acting (`drop`); a share carried out whose answer is then
 * lost (`lost`: the connection is cut after the operation); an outage (every call fails).
 */
export interface Faults {
  latencyMs: number;
  errorRate: number;
  dropRate: number;
  lostRate: number;
  outage: boolean;
}

export function parseFaults(spec: string | undefined): Faults {
  const f: Faults = { latencyMs: 0, errorRate: 0, dropRate: 0, lostRate: 0, outage: false };
  for (const part of (spec ?? '').split(',').filter((p) => p.trim())) {
    const [k, v] = part.split('=').map((x) => x.trim());
    const n = Number(v);
    if (k === 'latency') f.latencyMs = n;
    if (k === 'error') f.errorRate = Math.min(1, n);
    if (k === 'drop') f.dropRate = Math.min(1, n);
    if (k === 'lost') f.lostRate = Math.min(1, n);
  }
  return f;
}

export const IRREGULAR_KINDS = ['late', 'stalled', 'cancelled', 'returned'] as const;
export type IrregularKind = (typeof IRREGULAR_KINDS)[number];
export type IrregularShares = Record<IrregularKind, number>;

/** A few per cent of each, so a demo's orders have the real supplier's bad days (10 % in all). */
export const DEFAULT_IRREGULAR: IrregularShares = { late: 0.04, stalled: 0.03, cancelled: 0.02, returned: 0.01 };

/** Unset: the defaults; `0`: none; `late=0.1,cancelled=0.05`: those shares, kinds not named none. */
export function parseIrregular(spec: string | undefined): IrregularShares {
  if (spec === undefined || spec.trim() === '') return { ...DEFAULT_IRREGULAR };
  const shares: IrregularShares = { late: 0, stalled: 0, cancelled: 0, returned: 0 };
  for (const part of spec.split(',').filter((p) => p.includes('='))) {
    const [k, v] = part.split('=').map((x) => x.trim());
    if ((IRREGULAR_KINDS as readonly string[]).includes(k!)) shares[k as IrregularKind] = Math.min(1, Number(v));
  }
  return shares;
}
