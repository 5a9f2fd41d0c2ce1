// Jest's test order (`testSequencer` in jest.config.ts): the browser files that take longest start
// first, so that with two workers neither is left running a long file alone at the end (Jest's own
// order on a clean clone, with no timings kept from an earlier run, is by file size). Every other
// file keeps Jest's order, and no other project's order changes.
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Browser test files, longest first: the ones that compile apps (three dev servers, a remote's
 * production build, two dev servers) beside their stores. The rest follow in Jest's order.
 */
const LONGEST_FIRST = [
  'devOnAnotherPort.test.ts',
  'deployment.test.ts',
  'remoteLoading.test.ts',
  'remoteDevServers.test.ts',
];

function rank(test) {
  const index = LONGEST_FIRST.findIndex((name) => test.path.endsWith(`/e2e/src/${name}`));
  return index === -1 ? LONGEST_FIRST.length : index;
}

class LongestFirst extends Sequencer {
  sort(tests) {
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
