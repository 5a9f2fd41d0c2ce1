/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "node10", "ignoreDeprecations": "6.0"}}
 */
import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
] as const;

const cssAndAssets = {
  '\\.module\\.css$': '<rootDir>/../tooling/test/cssModuleStub.js',
  '\\.css$': '<rootDir>/../tooling/test/fileStub.js',
  '\\.(png|jpe?g|webp|avif|svg|woff2?)$': '<rootDir>/../tooling/test/fileStub.js',
};

/** Every source, and the ESM-only packages swc turns into CommonJS (content-disposition 3, typebox 1, pg-boss 12 and its own, MSW's rettime, until-async and deferred-promise). */
const transform = { '^.+\\.(m?js|jsx|tsx?)$': swc as unknown as [string, Record<string, unknown>] };
const transformIgnorePatterns = [
  '^(?!.*/node_modules/(content-disposition|typebox|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|rettime|@open-draft/deferred-promise|until-async)/).*/node_modules/',
];

function browserProject(name: string, { apiMocks = false } = {}): Config {
  return {
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: '<rootDir>/../tooling/test/jsdomEnvironment.js',
    resolver: '<rootDir>/../tooling/test/resolver.js',
    transform,
    transformIgnorePatterns,
    moduleNameMapper: cssAndAssets,
    // A remote's components answer from the mocked store API (shared/src/mocks) unless a test fakes fetch.
    setupFilesAfterEnv: [
      ...(apiMocks ? ['<rootDir>/../tooling/test/setupApiMocks.ts'] : []),
      '<rootDir>/../tooling/test/setupDom.ts',
    ],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  } as Config;
}

function nodeProject(name: string, extra: Partial<Config> = {}): Config {
  return {
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: 'node',
    resolver: '<rootDir>/../tooling/test/resolver.js',
    transform,
    transformIgnorePatterns,
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    ...extra,
  } as Config;
}

/**
 * The server's tests that run it, or its owner's commands, as processes or beside real services (a
 * Postgres cluster, a tmpfs disk, signals, minutes of load): their own project, so the unit run
 * stays a matter of minutes.
 */
const SERVER_PROCESS_TESTS = [
  'dataDirLock',
  'databaseOutage',
  'fullDisk',
  'loadUnderTraffic',
  'orderEmailFaults',
  'ownerScripts',
  'printFulfillmentFaults',
  'processSignals',
  'servedFolderFifo',
  'severalInstances',
  'shutdownKeepAlive',
  'startupSafety',
];
const serverProcessTest = `/test/(${SERVER_PROCESS_TESTS.join('|')})\\.test\\.ts$`;

const config: Config = {
  // A guard against a test that hangs, not a speed limit: a loaded 2-core machine builds, renders
  // and starts processes many times slower than an idle one (speed is measured in bench/).
  testTimeout: 60_000,
  // Both cores of a 2-core machine for a team's own `npm test -w <app>` (Jest's default, cores − 1,
  // runs its files one at a time there); the process tests say --runInBand.
  maxWorkers: 2,
  // The longest browser files first (e2e/src/harness/longestFirst.js); every other order is Jest's.
  testSequencer: '<rootDir>/e2e/src/harness/longestFirst.js',
  projects: [
    browserProject('shared'),
    nodeProject('tooling', { testMatch: ['<rootDir>/build/**/*.test.ts'] }),
    nodeProject('art'),
    browserProject('host'),
    browserProject('remote-designer', { apiMocks: true }),
    browserProject('remote-checkout', { apiMocks: true }),
    nodeProject('server', {
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
      testPathIgnorePatterns: ['/node_modules/', serverProcessTest],
    }),
    {
      ...nodeProject('server', { setupFilesAfterEnv: ['<rootDir>/test/setup.ts'] }),
      displayName: 'server-processes',
      testMatch: SERVER_PROCESS_TESTS.map((name) => `<rootDir>/test/${name}.test.ts`),
    },
    // One build (only of apps whose sources changed) and one Chromium for the whole browser run.
    nodeProject('e2e', {
      globalSetup: '<rootDir>/src/harness/globalSetup.ts',
      globalTeardown: '<rootDir>/src/harness/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/src/harness/testPageHooks.ts'],
    }),
  ],
};

export default config;
