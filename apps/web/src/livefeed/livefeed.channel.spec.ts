import type { RuntimeReport } from '@app/contracts';
import type { END } from 'redux-saga';
import { FakeWebSocket } from '../../test/fake-websocket.util';
import { alarmOf } from '../../test/fake-alarms-api.util';
import { livefeedChannel, type FeedSignal } from './livefeed.channel';

const report = (fire: number[]): RuntimeReport => ({ zones: { fire, fault: [] }, disabled: { sounders: false } });
const runtime = (hwaddr: string, networkId: number, fire: number[]) => ({
  type: 'Runtime',
  data: { hwaddr, networkId, report: report(fire) },
});

describe('livefeedChannel and Runtimes', () => {
  let socket: FakeWebSocket;
  let channel: ReturnType<typeof livefeedChannel>;
  const next = () => new Promise<FeedSignal | END>((resolve) => channel.take(resolve));

  beforeEach(() => {
    FakeWebSocket.install();
    socket = new FakeWebSocket('ws://x');
    channel = livefeedChannel(socket as unknown as WebSocket);
  });

  afterEach(() => channel.close());

  it("hands a burst of Runtimes over as one batch, each network's latest report once", async () => {
    socket.serverSends(runtime('0011aabbccdd', 1, [1]));
    socket.serverSends(runtime('0a1b2c3d4e5f', 1, [2]));
    socket.serverSends(runtime('0011aabbccdd', 1, [1, 4]));

    expect(await next()).toEqual({
      kind: 'runtimes',
      reports: [runtime('0011aabbccdd', 1, [1, 4]).data, runtime('0a1b2c3d4e5f', 1, [2]).data],
    });
  });

  it('hands the Runtimes before a message that came after them, so that a Connection is not undone', async () => {
    socket.serverSends(runtime('0011aabbccdd', 1, [1]));
    socket.serverSends({ type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: false } });

    expect(await next()).toEqual({ kind: 'runtimes', reports: [runtime('0011aabbccdd', 1, [1]).data] });
    expect(await next()).toEqual({
      kind: 'message',
      message: { type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: false } },
    });
  });

  it('reads a frame holding the messages of one emit window, in order, as if each came alone', async () => {
    socket.serverSends([
      runtime('0011aabbccdd', 1, [1]),
      { type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: false }, seq: 2 },
      { type: 'Nope', data: {} },
      { type: 'Resync', data: { hwaddr: '0011aabbccdd' }, seq: 4 },
    ]);

    expect(await next()).toEqual({ kind: 'runtimes', reports: [runtime('0011aabbccdd', 1, [1]).data] });
    expect(await next()).toEqual({
      kind: 'message',
      message: { type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: false }, seq: 2 },
    });
    expect(await next()).toEqual({
      kind: 'message',
      message: { type: 'Resync', data: { hwaddr: '0011aabbccdd' }, seq: 4 },
    });
  });
});

describe('livefeedChannel and Alarms', () => {
  let socket: FakeWebSocket;
  let channel: ReturnType<typeof livefeedChannel>;
  const next = () => new Promise<FeedSignal | END>((resolve) => channel.take(resolve));
  const alarm = (id: number, events: number) => ({
    type: 'Alarm',
    data: { hwaddr: '0011aabbccdd', alarm: alarmOf(id, { events }) },
  });

  beforeEach(() => {
    FakeWebSocket.install();
    socket = new FakeWebSocket('ws://x');
    channel = livefeedChannel(socket as unknown as WebSocket);
  });

  afterEach(() => channel.close());

  it("hands a burst of Alarms over as one batch, each alarm's latest state once, after the messages between them", async () => {
    socket.serverSends(alarm(1, 1));
    socket.serverSends(alarm(2, 1));
    socket.serverSends({ type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: true } });
    socket.serverSends(alarm(1, 2));

    expect(await next()).toEqual({
      kind: 'message',
      message: { type: 'Connection', data: { hwaddr: '0011aabbccdd', connected: true } },
    });
    expect(await next()).toEqual({ kind: 'alarms', alarms: [alarm(1, 2).data, alarm(2, 1).data] });
  });
});
