import { appLines, deathReport, demoPanelLines, quietLines, relayBoardLines } from './console-lines.ts';

describe("what npm start's terminal shows of its children", () => {
  const pino = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ level, time: 1795437494085, pid: 1, hostname: 'vm', name: 'portal-api', msg, ...extra });

  it("keeps an app's JSON logs below error out of the terminal", () => {
    const show = appLines();
    for (const level of [10, 20, 30, 40]) expect(show(pino(level, 'request completed'), 'stdout')).toBeUndefined();
    expect(show(pino(30, 'portal-api listening on port 3000'), 'stderr')).toBeUndefined();
    expect(show('', 'stderr')).toBeUndefined();
  });

  it("shows an app's errors in one short line, with their cause", () => {
    const show = appLines();
    expect(
      show(pino(50, 'connection report not handled', { err: { message: 'Connection terminated' } }), 'stdout'),
    ).toBe('error: connection report not handled (Connection terminated)');
    expect(show(pino(60, 'start failed: DATABASE_URL must be a URL'), 'stderr')).toBe(
      'fatal: start failed: DATABASE_URL must be a URL',
    );
    expect(show(pino(50, 'same', { err: { message: 'same' } }), 'stdout')).toBe('error: same');
  });

  it('shows what an app writes on stderr outside its logger (a crash), not on stdout', () => {
    const show = appLines();
    expect(show('TypeError: Cannot read properties of undefined', 'stderr')).toBe(
      'TypeError: Cannot read properties of undefined',
    );
    expect(show('some stray output', 'stdout')).toBeUndefined();
    expect(show('{"not": "a log line", "level": "high"}', 'stdout')).toBeUndefined();
  });

  it("turns the relay board's switches into one line each and hides its start line", () => {
    const show = relayBoardLines();
    expect(
      show('{"relaySimulator":"listening","host":"127.0.0.1","port":17123,"asked":17123}', 'stdout'),
    ).toBeUndefined();
    expect(show('{"kind":"relay","relay":1,"pulseMs":3000,"at":"2026-11-23T12:51:16.825Z"}', 'stdout')).toBe(
      'relay 1 pulsed for 3 s',
    );
    expect(show('{"kind":"relay","relay":2,"pulseMs":1500,"at":"2026-11-23T12:51:16.825Z"}', 'stdout')).toBe(
      'relay 2 pulsed for 1.5 s',
    );
    expect(show('{"kind":"io","io":1,"on":true,"at":"2026-11-23T12:51:16.835Z"}', 'stdout')).toBe('I/O 1 switched on');
    expect(show('relay-simulator: port 17123 on 127.0.0.1 is taken; listening on 38001 instead', 'stderr')).toBe(
      'port 17123 on 127.0.0.1 is taken; listening on 38001 instead',
    );
  });

  it("shows the demo panel's answers without the timestamp, and only another program's stderr", () => {
    expect(demoPanelLines()('2026-11-23T12:55:10.764Z 00a0b1c2d3e4: connected', 'stdout')).toBe(
      '00a0b1c2d3e4: connected',
    );
    expect(demoPanelLines()('00a0b1c2d3e4: ok', 'stdout')).toBe('00a0b1c2d3e4: ok');
    expect(quietLines()('2026-11-23T12:55:10.611Z 00a0b1c2d3e5: connected', 'stdout')).toBeUndefined();
    expect(quietLines()('cannot read device secrets', 'stderr')).toBe('cannot read device secrets');
  });

  it('says why a child stopped and what it wrote last', () => {
    expect(deathReport('relay-board', null, 'SIGKILL', ['line 1', 'line 2'], '.data/logs/relay-board.log')).toEqual([
      'relay-board stopped: it was killed by SIGKILL. Its last lines:',
      '  | line 1',
      '  | line 2',
      '  (all of it in .data/logs/relay-board.log)',
    ]);
    expect(deathReport('mailer', 78, null, [], '.data/logs/mailer.log')).toEqual([
      'mailer stopped: it exited with code 78.',
      '  (all of it in .data/logs/mailer.log)',
    ]);
  });
});
