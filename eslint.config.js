// ESLint flat config: typescript-eslint's recommended rules everywhere, with its type-checked
// rules on the TypeScript (the nearest tsconfig.json's program), and the Rules of Hooks for the
// React code in web/. Formatting is Prettier's job, not ESLint's. The import rules hold the
// architecture of docs/ARCHITECTURE.md (docs/decisions/0027-rules-cited-in-the-repository.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders under `dir`, read from the tree so a new feature is held without an edit here. */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const FEATURES = folders('./web/features/');

/**
 * The server's features in layers, lowest first (docs/ARCHITECTURE.md, "Boundaries"): a feature
 * imports only features on a lower layer, so no two feature folders import each other, even
 * through a third. A folder under server/features/ that no layer names stops the lint.
 */
const SERVER_LAYERS = [
  ['auth', 'festival', 'media'],
  ['announcements', 'messages', 'scheduling'],
  ['catalogue'],
  ['acts', 'matching', 'venues'],
  ['drafts', 'profiles'],
  ['admin'],
];
const SERVER_FEATURES = folders('./server/features/');
const unlayered = SERVER_FEATURES.filter((name) => !SERVER_LAYERS.flat().includes(name));
if (unlayered.length > 0) {
  throw new Error(`eslint.config.js: give server/features/${unlayered.join(', ')} a layer in SERVER_LAYERS.`);
}
const serverFeatureZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.map((name) => {
    const below = SERVER_LAYERS.slice(0, index).flat();
    return {
      target: `./server/features/${name}`,
      from: SERVER_LAYERS.slice(index)
        .flat()
        .filter((other) => other !== name)
        .map((other) => `./server/features/${other}`),
      message: `server/features/${name} imports only the features on a lower layer${below.length ? ` (${below.join(', ')})` : ' (none)'}; move what both need to server/db/ or server/lib/, or down a layer.`,
    };
  }),
);

export default defineConfig(
  // scratch/ is a maintainer's untracked experiments (.gitignore).
  { ignores: ['dist/', 'data/', 'coverage/', 'test-results/', 'node_modules/', 'scratch/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked in the program of its nearest tsconfig.json (root, web/, web/sw/);
        // vite.config.ts is in none of them and gets a default program of its own.
        projectService: { allowDefaultProject: ['vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  // The JavaScript files (this one, scripts/*.mjs) are in no TypeScript program.
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Fastify's plugins and hooks, Vitest's set-ups and the stand-ins for async interfaces are
      // async by contract whether or not they await; the rule would have each build its promise by hand.
      '@typescript-eslint/require-await': 'off',
      // A form's onSubmit is react-hook-form's handleSubmit, which settles its own promise (a failure
      // goes to the form: web/components/forms/use-field-error-submit.ts). Everywhere else a promise
      // where nothing waits for it is still an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Objects of functions that never use `this` are destructured on purpose: Kysely's expression
      // builder (`({ not, exists }) => ...`, as Kysely's own docs write it), the media keys, the test
      // actors, components' callback props. The rule cannot tell them from a class's methods.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests read what came back as it comes (light-my-request's and fetch's json(), Playwright's
    // evaluate: `any`) and assert on it; the assertion is the check these rules would ask for.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'test/**', 'server/test/**', 'web/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
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
            // The server's lower folders serve every feature and import none (their tests may start one).
            {
              target: './server/{db,lib,mail,web}/**/!(*.test).ts',
              from: './server/features',
              message: 'server/db, server/lib, server/mail and server/web sit below the features: they import none.',
            },
            ...serverFeatureZones.filter((zone) => zone.from.length > 0),
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
