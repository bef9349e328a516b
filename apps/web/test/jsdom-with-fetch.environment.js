// jsdom as the browser, plus the WHATWG classes every browser has and jsdom lacks (Response,
// Headers, Request, TextEncoder, TextDecoder), taken from Node so that tests build real responses
// for their fetch mock.
const { TestEnvironment } = require('jest-environment-jsdom');

const browserClassesFromNode = ['Response', 'Headers', 'Request', 'TextEncoder', 'TextDecoder'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of browserClassesFromNode) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
