import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The fields a log line carries about what it is about, under these names in every app, so that one
 * search finds a command's or an alarm's whole path (docs/logging.md). Others may be added.
 */
export interface LogFields {
  /** The request, command or alarm the line belongs to (correlation-id.util.ts, eventCorrelationId). */
  correlationId?: string;
  hwaddr?: string;
  networkId?: number;
  userId?: string;
  relayId?: number;
  relayActionId?: number;
  /** A BullMQ job's id. */
  jobId?: string;
  /** A panel event's sequence number. */
  seq?: number;
  [field: string]: unknown;
}

/** The fields of the code running now, and the correlation id it passes on. */
class LogScope {
  constructor(
    readonly correlationId: string | undefined,
    /** Written on each line by the logger's mixin; owned by this scope (nested scopes copy it). */
    readonly fields: LogFields,
  ) {}
}

const scopes = new AsyncLocalStorage<LogScope>();
const NO_FIELDS: Readonly<LogFields> = Object.freeze({});

/**
 * Runs `work` with `fields` on every line it logs, and on those of everything it awaits or starts,
 * on top of the fields of the scope it runs in. A boundary (a message or job handler) opens one.
 */
export function runInLogContext<T>(fields: LogFields, work: () => T): T {
  const parent = scopes.getStore();
  const correlationId = fields.correlationId ?? parent?.correlationId;
  return scopes.run(new LogScope(correlationId, { ...parent?.fields, ...fields }), work);
}

/**
 * The scope of one HTTP request: its correlation id is passed on but not written by the mixin, since
 * the request's own logger (pino-http) binds it to each of its lines already.
 */
export function runInRequestLogContext<T>(correlationId: string, work: () => T): T {
  return scopes.run(new LogScope(correlationId, {}), work);
}

/**
 * Adds fields to the current scope, for its lines from now on (a guard names the user, a handler
 * the panel once it has read the message). Outside any scope it does nothing.
 */
export function assignLogFields(fields: LogFields): void {
  const scope = scopes.getStore();
  if (scope) Object.assign(scope.fields, fields);
}

/** The correlation id of the current scope, to pass on (NATS headers, job data, a command). */
export function currentCorrelationId(): string | undefined {
  return scopes.getStore()?.correlationId;
}

/** The current scope's user, passed on with the correlation id. */
export function currentLogUserId(): string | undefined {
  const userId = scopes.getStore()?.fields.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/** A copy of the fields the current scope writes on each line (none outside a scope). */
export function currentLogFields(): LogFields {
  return { ...scopes.getStore()?.fields };
}

/** pino's `mixin`: the scope's fields, for each line written (no scope: nothing, no copy). */
export function logContextMixin(): object {
  return scopes.getStore()?.fields ?? NO_FIELDS;
}

/**
 * pino's `mixinMergeStrategy`: the line's own fields win over the scope's. pino's default assigns
 * into the mixin's object, which here is the scope's own: so a copy, made only when there is a scope.
 */
export function mergeLogContext(mergeObject: object, mixinObject: object): object {
  return mixinObject === NO_FIELDS ? mergeObject : { ...mixinObject, ...mergeObject };
}
