// ESLint flat config: typescript-eslint's recommended rules everywhere, and the Rules of
// Hooks for the React code in web/. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
