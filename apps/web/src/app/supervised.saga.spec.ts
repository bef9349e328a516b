import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { all, call, fork, take } from 'typed-redux-saga';
import { supervised } from './supervised.saga';

/** Runs a saga on a channel of its own; answers the channel, to put actions on, and the task. */
function run(saga: Saga) {
  const channel = stdChannel();
  const task = runSaga({ channel, dispatch: (action) => channel.put(action), getState: () => ({}) }, saga);
  return { channel, task };
}

describe('supervised', () => {
  let logged: jest.SpyInstance;

  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => logged.mockRestore());

  it('starts a saga again after an error it did not catch, saying so', async () => {
    let starts = 0;
    function* failsOnce() {
      starts += 1;
      yield* call(() => undefined);
      if (starts === 1) throw new Error('boom');
    }
    const { task } = run(() => supervised('flaky', failsOnce, 0));
    await task.toPromise();
    expect(starts).toBe(2);
    expect(logged).toHaveBeenCalledWith('The flaky saga stopped on an error and starts again: boom');
  });

  it("keeps the others running beside it: one domain's error does not end them all", async () => {
    const taken: string[] = [];
    function* failing() {
      yield* take('fail');
      throw new Error('a bug');
    }
    function* listening() {
      for (;;) taken.push((yield* take('note')).type);
    }
    const { channel, task } = run(function* root() {
      yield* all([fork(supervised, 'failing', failing, 0), fork(supervised, 'listening', listening, 0)]);
    });
    channel.put({ type: 'fail' });
    channel.put({ type: 'note' });
    expect(taken).toEqual(['note']);
    expect(task.isRunning()).toBe(true);
    expect(logged).toHaveBeenCalledWith('The failing saga stopped on an error and starts again: a bug');
    task.cancel();
  });
});
