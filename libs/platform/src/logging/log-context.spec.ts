import { Writable } from 'node:stream';
import pino from 'pino';
import {
  assignLogFields,
  currentCorrelationId,
  currentLogUserId,
  logContextMixin,
  mergeLogContext,
  runInLogContext,
  runInRequestLogContext,
} from './log-context';

/** A pino logger with the apps' mixin, writing its lines to `lines` as parsed JSON (and raw). */
function capturingLogger(): { logger: pino.Logger; lines: Array<Record<string, unknown>>; raw: string[] } {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const logger = pino({ mixin: logContextMixin, mixinMergeStrategy: mergeLogContext }, destination);
  return { logger, lines, raw };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('log context', () => {
  it('adds nothing outside a scope', () => {
    const { logger, lines } = capturingLogger();
    logger.info({ count: 2 }, 'plain');
    expect(lines[0]).toMatchObject({ msg: 'plain', count: 2 });
    expect(lines[0]).not.toHaveProperty('correlationId');
    expect(currentCorrelationId()).toBeUndefined();
  });

  it("writes the scope's fields on every line of its work, across awaits, and the line's own fields win", async () => {
    const { logger, lines } = capturingLogger();
    await runInLogContext({ correlationId: 'evt-0011aabbccdd-7', hwaddr: '0011aabbccdd', seq: 7 }, async () => {
      logger.info('first');
      await tick();
      logger.info({ seq: 8, relayId: 3 }, 'second');
    });
    logger.info('after');
    expect(
      lines.map(({ msg, correlationId, hwaddr, seq, relayId }) => ({ msg, correlationId, hwaddr, seq, relayId })),
    ).toEqual([
      { msg: 'first', correlationId: 'evt-0011aabbccdd-7', hwaddr: '0011aabbccdd', seq: 7, relayId: undefined },
      { msg: 'second', correlationId: 'evt-0011aabbccdd-7', hwaddr: '0011aabbccdd', seq: 8, relayId: 3 },
      { msg: 'after', correlationId: undefined, hwaddr: undefined, seq: undefined, relayId: undefined },
    ]);
  });

  it("keeps a line's fields out of the scope, and a nested scope's fields out of its parent", async () => {
    const { logger, lines } = capturingLogger();
    await runInLogContext({ correlationId: 'c-1' }, async () => {
      logger.info({ seq: 1 }, 'with its own field');
      await runInLogContext({ hwaddr: '0011aabbccdd' }, async () => {
        assignLogFields({ networkId: 2 });
        logger.info('nested');
        expect(currentCorrelationId()).toBe('c-1');
      });
      logger.info('parent again');
    });
    expect(
      lines.map(({ msg, correlationId, hwaddr, networkId, seq }) => [msg, correlationId, hwaddr, networkId, seq]),
    ).toEqual([
      ['with its own field', 'c-1', undefined, undefined, 1],
      ['nested', 'c-1', '0011aabbccdd', 2, undefined],
      ['parent again', 'c-1', undefined, undefined, undefined],
    ]);
  });

  it('adds assigned fields to the lines after, and does nothing outside a scope', () => {
    const { logger, lines } = capturingLogger();
    assignLogFields({ userId: 'nobody' });
    runInLogContext({ correlationId: 'c-2' }, () => {
      logger.info('before');
      assignLogFields({ userId: 'u-1' });
      expect(currentLogUserId()).toBe('u-1');
      logger.info('after');
    });
    expect(lines.map((line) => line.userId)).toEqual([undefined, 'u-1']);
  });

  it("passes a request's correlation id on without writing it twice (the request logger binds it)", () => {
    const { logger, raw } = capturingLogger();
    const requestLogger = logger.child({ correlationId: 'req-1' });
    runInRequestLogContext('req-1', () => {
      assignLogFields({ userId: 'u-2' });
      expect(currentCorrelationId()).toBe('req-1');
      requestLogger.info({ hwaddr: '0011aabbccdd' }, 'in the request');
    });
    expect(raw[0].match(/"correlationId"/g)).toHaveLength(1);
    expect(JSON.parse(raw[0])).toMatchObject({ correlationId: 'req-1', userId: 'u-2', hwaddr: '0011aabbccdd' });
  });
});
