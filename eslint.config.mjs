import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The packages' one-way arrows (docs/ARCHITECTURE.md), enforced: each workspace imports only the
 * packages it may, by their public entries, never another workspace's files by a relative path.
 */
const WORKSPACE_FOLDERS = ['host', 'remote-designer', 'remote-checkout', 'shared', 'tooling', 'server', 'e2e', 'bench'];

function boundary(files, { may = [], ignores = [] } = {}) {
  const packages = ['host', 'remote-designer', 'remote-checkout', 'shared', 'tooling', 'server', 'e2e']
    .filter((name) => !may.includes(name))
    .map((name) => `@tshirt/${name}`);
  const own = files[0].split('/')[0];
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: packages.flatMap((name) => [name, `${name}/*`]),
              message: `${own}/ may import only ${may.map((name) => `@tshirt/${name}`).join(', ') || 'no other workspace'} (docs/ARCHITECTURE.md).`,
            },
            {
              regex: `^(\\.\\./)+(${WORKSPACE_FOLDERS.filter((folder) => folder !== own).join('|')})(/|$)`,
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
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'bench/**', 'scripts/**', '**/webpack.config.ts', 'tooling/build/**'],
    rules: { 'no-console': 'off' },
  },
  // Apps import the contract only; remotes never import each other or the host.
  boundary(['host/src/**/*.{ts,tsx}'], { may: ['shared'] }),
  boundary(['remote-designer/src/**/*.{ts,tsx}'], { may: ['shared'], ignores: ['**/*.test.{ts,tsx}'] }),
  boundary(['remote-checkout/src/**/*.{ts,tsx}'], { may: ['shared'], ignores: ['**/*.test.{ts,tsx}'] }),
  // A remote's own tests check it against the host with the tooling.
  boundary(['remote-designer/src/**/*.test.{ts,tsx}'], { may: ['shared', 'tooling'] }),
  boundary(['remote-checkout/src/**/*.test.{ts,tsx}'], { may: ['shared', 'tooling'] }),
  // The contract imports no app; the tooling builds apps from the contract; the server reads
  // the front ends' build output, never their code.
  boundary(['shared/src/**/*.{ts,tsx}']),
  boundary(['tooling/**/*.{ts,tsx}'], { may: ['shared'] }),
  boundary(['server/**/*.ts'], { may: ['shared'] }),
);
