import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The packages' one-way arrows (docs/ARCHITECTURE.md), enforced: each workspace imports only the
 * packages it may, by their public entries, never another workspace's files by a relative path.
 */
const WORKSPACE_FOLDERS = ['host', 'remote-designer', 'remote-checkout', 'shared', 'tooling', 'art', 'server', 'e2e', 'bench'];

/** Test files: they may also reach the test tooling. */
const TESTS = '**/*.test.{ts,tsx}';

function boundary(files, { may = [], ignores = [], climbs = 1 } = {}) {
  const packages = WORKSPACE_FOLDERS.filter((name) => !may.includes(name)).map((name) => `@tshirt/${name}`);
  const own = files[0].split('/')[0];
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(packages.length === 0
              ? []
              : [
                  {
                    group: packages.flatMap((name) => [name, `${name}/*`]),
                    message: `${own}/ may import only ${may.map((name) => `@tshirt/${name}`).join(', ') || 'no other workspace'} (docs/ARCHITECTURE.md).`,
                  },
                ]),
            {
              regex: `^(\\.\\./){${climbs},}(${WORKSPACE_FOLDERS.filter((folder) => folder !== own).join('|')})(/|$)`,
              message: 'Import another workspace by its package name and public entry, not by a path into its folder.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      'e2e/artifacts/**',
      'bench/.results/**',
      '.e2e-*/**',
      '.bytes-budget-*/**',
      '.tmp/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // A print thread loads the model-picture code (sharp) only when a job needs it, with require():
  // import() there reaches Node's ES loader, which runs no TypeScript in a thread started from the
  // sources (workerEntry.cjs registers tsx's CommonJS loader), and the server's bundle includes
  // what require() names.
  {
    files: ['server/src/rendering/printRenderTask.ts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allow: ['^\\.\\./images/modelImage$'] }] },
  },
  {
    files: ['server/**/*.ts', 'art/src/scripts/**', 'e2e/**/*.ts', 'bench/**', 'scripts/**', '**/webpack.config.ts', 'tooling/build/**'],
    rules: { 'no-console': 'off' },
  },
  // Apps import the contract only; remotes never import each other or the host. Tests may also
  // use the test tooling (the fake fetch, the store-server launcher).
  boundary(['host/src/**/*.{ts,tsx}'], { may: ['shared'], ignores: [TESTS] }),
  boundary(['remote-designer/src/**/*.{ts,tsx}'], { may: ['shared'], ignores: [TESTS] }),
  boundary(['remote-checkout/src/**/*.{ts,tsx}'], { may: ['shared'], ignores: [TESTS] }),
  boundary(['host/src/**/*.test.{ts,tsx}'], { may: ['shared', 'tooling'] }),
  boundary(['remote-designer/src/**/*.test.{ts,tsx}'], { may: ['shared', 'tooling'] }),
  boundary(['remote-checkout/src/**/*.test.{ts,tsx}'], { may: ['shared', 'tooling'] }),
  // The contract imports no app; the tooling builds apps from the contract; the server reads
  // the front ends' build output, never their code.
  boundary(['shared/src/**/*.{ts,tsx}'], { ignores: [TESTS] }),
  boundary(['shared/src/**/*.test.{ts,tsx}'], { may: ['tooling'] }),
  boundary(['tooling/**/*.{ts,tsx}'], { may: ['shared'], ignores: ['tooling/dev/**'] }),
  // A remote's dev page on the mocked API draws with the art engine in the browser.
  boundary(['tooling/dev/**/*.{ts,tsx}'], { may: ['shared', 'art'] }),
  // The one test of a page's first moments meets the server, the host and the designer on one
  // page, each with its own code: it alone reads the three apps' sources.
  boundary(['tooling/build/pageStart.contract.test.ts'], {
    may: ['shared', 'host', 'remote-designer', 'server'],
    climbs: 3,
  }),
  // The art engine draws from the catalog only; the server calls it by its public entries.
  boundary(['art/**/*.ts'], { may: ['shared'] }),
  boundary(['server/src/**/*.ts'], { may: ['shared', 'art'], ignores: [TESTS] }),
  boundary(['server/src/**/*.test.ts', 'server/test/**/*.ts'], { may: ['shared', 'art', 'tooling'] }),
  // The browser tests drive the composed site from outside: the contract for its labels, the
  // tooling to start it. The benchmarks also build the apps and reach the public entries of the
  // server and the art engine.
  boundary(['e2e/**/*.ts'], { may: ['shared', 'tooling'] }),
  // (Its files sit at least two folders down, so `../server/` is its own bench/server/.)
  boundary(['bench/**/*.{ts,tsx}'], {
    may: ['shared', 'tooling', 'e2e', 'host', 'remote-designer', 'remote-checkout', 'art', 'server'],
    climbs: 2,
  }),
);
