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
  /** Base of the image URLs the sandbox hands out; by default the origin each request came to. */
  SANDBOX_PUBLIC_URL: z.url('must be an http(s) URL').optional(),
});

export interface SandboxConfig {
  appKey: string;
  appSecret: string;
  callbackUrl?: string;
  dbFile: string;
  seed: number;
  goods: number;
  publicUrl?: string;
  /** Accepted distance between a request's timestamp and the sandbox clock (upstream-api.md §12). */
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
    signatureWindowMs: 10 * 60 * 1000,
  };
}
