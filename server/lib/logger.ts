import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { RunLog } from './run-server';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `json`: one JSON object per line; `pretty`: readable lines; `auto`: pretty at a terminal, else JSON. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Whatever a caller puts into a log line, these never reach it: a request's headers with their cookie
 * or authorization, a password, a secret, a token. The gateway does not log them in the first place;
 * this is the net under it.
 */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'currentPassword',
  '*.currentPassword',
  'secret',
  '*.secret',
  'appSecret',
  '*.appSecret',
  'token',
  '*.token',
  'cookie',
  '*.cookie',
  'authorization',
  '*.authorization',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
];

/**
 * The process's one logger, made at start-up (server/main.ts) and handed to each concern that writes
 * (DESIGN.md, "Running it as a service"). JSON lines unless the output is a terminal or `pretty` was
 * asked for; pino-pretty is loaded only then, in this thread (no worker: a terminal is not a hot path).
 */
export async function createLogger(
  o: { level?: LogLevel; format?: LogFormat; destination?: DestinationStream; isTty?: boolean } = {},
): Promise<Logger> {
  const options = {
    level: o.level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: stdSerializers.errWithCause },
  };
  const pretty = o.format === 'pretty' || ((o.format ?? 'auto') === 'auto' && (o.isTty ?? process.stdout.isTTY) === true);
  if (pretty && !o.destination) {
    const { default: prettyStream } = await import('pino-pretty');
    return pino(options, prettyStream({ colorize: o.isTty ?? process.stdout.isTTY, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l', sync: true }));
  }
  return o.destination ? pino(options, o.destination) : pino(options);
}

/** A logger that writes nothing (tests, and concerns started without one). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

/** Lines that say something went wrong are warnings; the rest is information. */
const TROUBLE = /\b(fail(ed|s)?|could not|cannot|error|stopped|lost|unreachable|refused)\b/i;

/** The `(line) => void` the concerns of the gateway take, writing through the logger with their name. */
export function lineLog(logger: Logger, concern: string): (line: string) => void {
  const child = logger.child({ concern });
  return (line) => {
    const msg = line.replace(/^\[[\w-]+\] /, '');
    if (TROUBLE.test(msg)) child.warn(msg);
    else child.info(msg);
  };
}

/** run-server's stopping steps through the logger. */
export const runLogOf = (logger: Logger): RunLog => ({
  info: (msg, fields) => logger.info(fields ?? {}, msg),
  debug: (msg, fields) => logger.debug(fields ?? {}, msg),
  error: (msg, err) => logger.error({ err }, msg),
});
