// ESLint flat config: typescript-eslint's recommended rules everywhere, and the Rules of
// Hooks for the React code in web/. Formatting is Prettier's job, not ESLint's. The import
// rules hold the architecture of docs/ARCHITECTURE.md (docs/decisions/0027-rules-cited-in-the-repository.md).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'acts',
  'admin',
  'auth',
  'favourites',
  'messages',
  'profile',
  'public',
  'schedule',
  'scheduling',
  'venues',
];

export default defineConfig(
  { ignores: ['dist/', 'data/', 'coverage/', 'test-results/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['web/**'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_name` marks a parameter kept for its position (Fastify hooks, callbacks).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['web/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the imported TypeScript modules too, so a cycle is followed through them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // The server's imports name the compiled file (`./x.js`); the source beside it is `./x.ts`.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // A cycle means two modules are one module, or that what both need belongs lower down.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract is shared by both sides, so it imports neither.
            {
              target: './contract',
              from: ['./server', './web'],
              message: 'contract/ imports neither server/ nor web/.',
            },
            {
              // web/test is not here: the web tests' global set-up starts the real server.
              target: ['./web/app', './web/components', './web/features', './web/lib', './web/sw', './web/main.tsx'],
              from: './server',
              message: 'web/ reaches the server only through the API.',
            },
            { target: './server', from: './web', message: 'server/ never imports the web app.' },
            // Shared parts sit below the features and the app shell.
            {
              target: ['./web/components', './web/lib'],
              from: ['./web/features', './web/app'],
              message: 'web/components and web/lib are shared: they import no feature and not the app shell.',
            },
            // A feature's screens are its own: another feature uses its api/ and components/.
            ...FEATURES.map((name) => ({
              target: FEATURES.filter((other) => other !== name).map((other) => `./web/features/${other}`),
              from: `./web/features/${name}/routes`,
              message: `Another feature's screens are not imported; share a component or an api/ hook instead.`,
            })),
          ],
        },
      ],
    },
  },
);
