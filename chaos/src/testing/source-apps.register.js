// Runs an app from its TypeScript sources as Jest reads them (swc with decorators and their
// metadata, the @app/* paths), so the chaos test can start, kill -9 and restart real app
// processes without a build. Loaded with `node --require` before the app's main.ts.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..', '..');
const { swcOptions } = require(join(root, 'jest.backend-transform.js'));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const alias = /^@app\/([a-z-]+)(?:\/(.*))?$/.exec(request);
  return resolveFilename.call(this, alias ? join(root, 'libs', alias[1], 'src', alias[2] ?? '') : request, ...rest);
};

Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
  module._compile(code, filename);
};
