import { parseReplayArguments } from './replay-arguments.util';

describe('parseReplayArguments', () => {
  it('takes --from as an ISO time with its zone, either way of writing it', () => {
    expect(parseReplayArguments(['--from', '2026-11-28T13:40:00Z'])).toEqual({
      kind: 'replay',
      from: new Date('2026-11-28T13:40:00.000Z'),
    });
    expect(parseReplayArguments(['--from=2026-11-28T14:40:00.250+01:00'])).toEqual({
      kind: 'replay',
      from: new Date('2026-11-28T13:40:00.250Z'),
    });
  });

  it('refuses a time without its zone, one that is no time, a missing --from and anything else', () => {
    expect(parseReplayArguments(['--from', '2026-11-28T13:40:00'])).toMatchObject({ kind: 'usage' });
    expect(parseReplayArguments(['--from', '2026-13-45T99:00:00Z'])).toMatchObject({ kind: 'usage' });
    expect(parseReplayArguments(['--from'])).toEqual({ kind: 'usage', problem: '--from <ISO time> is required' });
    expect(parseReplayArguments([])).toEqual({ kind: 'usage', problem: '--from <ISO time> is required' });
    expect(parseReplayArguments(['--from', '2026-11-28T13:40:00Z', '--dry-run'])).toEqual({
      kind: 'usage',
      problem: "unknown argument '--dry-run'",
    });
  });

  it('answers help when asked', () => {
    expect(parseReplayArguments(['--help'])).toEqual({ kind: 'help' });
  });
});
