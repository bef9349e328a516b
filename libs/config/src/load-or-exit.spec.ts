import { env, readConfig } from './env-readers';
import { loadConfigOrExit } from './load-or-exit';

describe('loadConfigOrExit', () => {
  afterEach(() => jest.restoreAllMocks());

  it('returns the configuration when it is valid', () => {
    expect(loadConfigOrExit(() => readConfig({ PORT: env.port(3000) }, {}))).toEqual({ PORT: 3000 });
  });

  it('writes one line naming the variable and exits with EX_CONFIG', () => {
    const written: string[] = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${String(code)}`);
    }) as typeof process.exit);

    expect(() => loadConfigOrExit(() => readConfig({ PORT: env.port(3000) }, { PORT: 'abc' }))).toThrow('exit 78');
    expect(exit).toHaveBeenCalledWith(78);
    expect(written).toEqual(["Invalid configuration: PORT must be a port number from 1 to 65535, got 'abc'\n"]);
  });

  it('lets other errors through', () => {
    expect(() =>
      loadConfigOrExit(() => {
        throw new TypeError('boom');
      }),
    ).toThrow('boom');
  });
});
