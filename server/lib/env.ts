import { z } from 'zod';

/** Thrown when the environment is not usable; the message names every variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SECRET_VARS = /SECRET|PASSWORD|DATABASE_URL/;

/**
 * Reads settings from the environment with a zod schema. Empty strings count as unset, so
 * `FOO= npm start` behaves like leaving FOO out.
 */
export function readEnv<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') raw[key] = v.trim();
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '');
      // Values that may hold a password are never repeated (the message goes to logs).
      const shown = raw[key] === undefined ? 'is missing' : SECRET_VARS.test(key) ? 'is set' : `is "${raw[key]}"`;
      return `  ${key} ${shown}: ${i.message}`;
    });
    throw new ConfigError(`The configuration is not usable:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const portSchema = z.coerce
  .number({ error: 'must be a port number 1–65535' })
  .int()
  .min(1, 'must be a port number 1–65535')
  .max(65535, 'must be a port number 1–65535');
