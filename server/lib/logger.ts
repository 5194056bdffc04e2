import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-scope';
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

/** What a log destination holds back at most while nobody reads it (then lines are dropped). */
export const LOG_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * stdout as a log destination that never blocks serving or stopping (issue 49): sonic-boom writing
 * each line at once (nothing is left to flush at exit), with every failure taken as final but a full
 * pipe. pino's own destination flushes at exit with a loop that retries any error for ever: a pipe
 * whose reader went away (`npm start | tee` and Ctrl+C) or stopped reading held a stopped gateway
 * alive. Here a full pipe (stdout is non-blocking once Node opened it) keeps up to
 * LOG_BACKLOG_BYTES for when the reader reads again, then drops lines; a closed one (EPIPE) or any
 * other error drops every line from then on. Lines are lost, never the process.
 */
export function stdoutDestination(fd = process.stdout.fd) {
  const dest = pino.destination({ dest: fd, sync: true, maxLength: LOG_BACKLOG_BYTES, retryEAGAIN: () => false });
  const drop = () => true;
  dest.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EAGAIN' || err.code === 'EBUSY') return;
    dest.write = drop;
    dest.flushSync = () => {};
    dest.end = () => {};
  });
  return dest;
}

/**
 * The process's one logger, made at start-up (server/main.ts) and handed to each concern that writes
 * (DESIGN.md, "Running it as a service"). JSON lines unless the output is a terminal or `pretty` was
 * asked for; pino-pretty is loaded only then, in this thread (no worker: a terminal is not a hot path).
 * A line written while a request is answered carries that request's id (`reqId`, server/lib/request-scope.ts).
 */
export async function createLogger(
  o: { level?: LogLevel; format?: LogFormat; destination?: DestinationStream; isTty?: boolean } = {},
): Promise<Logger> {
  const options = {
    level: o.level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: stdSerializers.errWithCause },
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  const pretty = o.format === 'pretty' || ((o.format ?? 'auto') === 'auto' && (o.isTty ?? process.stdout.isTTY) === true);
  if (pretty && !o.destination) {
    const { default: prettyStream } = await import('pino-pretty');
    return pino(
      options,
      prettyStream({
        colorize: o.isTty ?? process.stdout.isTTY,
        ignore: 'pid,hostname',
        translateTime: 'SYS:HH:MM:ss.l',
        destination: stdoutDestination(),
      }),
    );
  }
  return pino(options, o.destination ?? stdoutDestination());
}

/** A logger that writes nothing (tests, and concerns started without one). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

/** Lines that say something went wrong are warnings; the rest is information. */
const TROUBLE = /\b(fail(ed|s)?|could not|cannot|error|stopped|lost|unreachable|refused)\b/i;

/** The `(line) => void` the concerns of the gateway take, writing through the logger with their name; `debug` for the ordinary case of something frequent. */
export function lineLog(logger: Logger, concern: string): (line: string, level?: 'debug') => void {
  const child = logger.child({ concern });
  return (line, level) => {
    const msg = line.replace(/^\[[\w-]+\] /, '');
    if (level === 'debug') child.debug(msg);
    else if (TROUBLE.test(msg)) child.warn(msg);
    else child.info(msg);
  };
}

/** run-server's stopping steps through the logger. */
export const runLogOf = (logger: Logger): RunLog => ({
  info: (msg, fields) => logger.info(fields ?? {}, msg),
  debug: (msg, fields) => logger.debug(fields ?? {}, msg),
  error: (msg, err) => logger.error({ err }, msg),
});
