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
  '\\.module\\.css$': '<rootDir>/../shared/test/cssModuleStub.js',
  '\\.css$': '<rootDir>/../shared/test/fileStub.js',
  '\\.(png|jpe?g|webp|avif|svg|woff2?)$': '<rootDir>/../shared/test/fileStub.js',
};

function browserProject(name: string): Config {
  return {
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: '<rootDir>/../shared/test/jsdomEnvironment.js',
    transform: { '^.+\\.(t|j)sx?$': swc as unknown as [string, Record<string, unknown>] },
    moduleNameMapper: cssAndAssets,
    setupFilesAfterEnv: ['<rootDir>/../shared/test/setupDom.ts'],
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/build/**/*.test.ts'],
  } as Config;
}

function nodeProject(name: string, extra: Partial<Config> = {}): Config {
  return {
    displayName: name,
    rootDir: `<rootDir>/${name}`,
    testEnvironment: 'node',
    transform: { '^.+\\.(m?js|jsx|tsx?)$': swc as unknown as [string, Record<string, unknown>] },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    ...extra,
  } as Config;
}

const config: Config = {
  projects: [
    browserProject('shared'),
    browserProject('host'),
    browserProject('remote-designer'),
    browserProject('remote-checkout'),
    nodeProject('server', {
      // ESM-only packages (@fastify/static's content-disposition 3, typebox 1): swc turns them into CommonJS.
      transformIgnorePatterns: [
        '^(?!.*/node_modules/(content-disposition|typebox)/).*/node_modules/',
      ],
    }),
    nodeProject('e2e'),
  ],
};

export default config;
