// jsdom lacks the WHATWG fetch classes and TextEncoder that react-router and the API client use,
// and the streams and channel MSW's interception needs (tooling/test/setupApiMocks.ts); lend them
// Node's own so tests exercise real Response parsing.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch',
  'Response',
  'Request',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'BroadcastChannel',
  'structuredClone',
];

const ABORT_CLASSES = ['AbortController', 'AbortSignal'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
    // The fetch is Node's, so its abort signals are too (as a browser's fetch takes its own):
    // Node's fetch refuses jsdom's AbortSignal.
    for (const name of ABORT_CLASSES) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
