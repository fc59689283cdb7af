// Structured logger: one JSON object per line ({"time","level","msg","requestId"?, ...fields}), the
// format log shippers parse without configuration. Never pass tokens or passwords to it; log errors
// through errorForLog.
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Where formatted lines go: stdout for debug/info, stderr for warn/error (tests pass their own). */
export type LogSink = (level: Exclude<LogLevel, 'silent'>, line: string) => void;

const processSink: LogSink = (lvl, line) => {
  if (lvl === 'error' || lvl === 'warn') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
};

/** What every line logged while handling one request carries (server/app.ts sets it per request). */
export interface LogContext {
  requestId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/**
 * Runs `fn` with `ctx` attached to every line any logger writes until it settles, including from
 * services several awaits deep (AsyncLocalStorage follows the async continuation), so code that
 * logs through deps.logger needs no request id passed to it.
 */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** BigInts as strings; anything JSON cannot hold never breaks a log line. */
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export function createLogger(level: LogLevel = 'info', sink: LogSink = processSink): Logger {
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const head = { time: new Date().toISOString(), level: lvl, msg, ...context.getStore() };
    // The fixed keys keep their place and value even when a field is named like one of them.
    const entry = fields ? Object.assign({ ...head }, fields, head) : head;
    let line: string;
    try {
      line = JSON.stringify(entry, replacer);
    } catch {
      line = JSON.stringify({ ...head, fields: '[unserializable]' });
    }
    sink(lvl, line);
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}

const MAX_CAUSES = 4;
const MAX_MESSAGE = 2_000;

/**
 * An error as it may be logged: name, message, SQLSTATE code, stack frames and causes, without
 * the values of a failed statement. drizzle's DrizzleQueryError puts them in its message
 * ("Failed query: …\nparams: …", and so in its stack) and in .params; PGlite and postgres.js errors
 * carry .params / .parameters and .detail ("Key (email)=(…)"). Only the message (params cut off)
 * and the "at …" frames of the stack are kept, so a password hash or token bound to a statement
 * never reaches the log.
 */
export function errorForLog(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return String(err).slice(0, MAX_MESSAGE);
  const message = err.message.replace(/\n?params: [\s\S]*$/, '').slice(0, MAX_MESSAGE);
  const code = (err as { code?: unknown }).code;
  const head = `${err.name}: ${message}${typeof code === 'string' ? ` [${code}]` : ''}`;
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const lines = [head, ...frames];
  if (err.cause !== undefined && depth < MAX_CAUSES) lines.push(`Caused by: ${errorForLog(err.cause, depth + 1)}`);
  return lines.join('\n');
}
