// Lint rules for the whole workspace. The engine and the rulesets must stay pure:
// no Node APIs, no clock, no Math.random (everything random comes from the dice stream).
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Source files over 500 lines when the limit came in: none may grow, each leaves the list once split (scripts/layout-baseline.json, scripts/check-layout.mjs).
const longFiles = Object.keys(JSON.parse(readFileSync(new URL('./scripts/layout-baseline.json', import.meta.url), 'utf8')).longFiles);

const pureSources = ['packages/engine/src/**/*.ts', 'packages/great-war/src/**/*.ts', 'packages/vernian/src/**/*.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'games/**', '.umpire/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['packages/*/src/**/*.ts', 'packages/*/src/**/*.tsx'],
    ignores: longFiles,
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: pureSources,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto', 'os'], message: 'Pure packages may not use Node APIs.' }] }],
      'no-restricted-globals': ['error',
        { name: 'process', message: 'Pure packages may not read the environment.' },
        { name: 'Date', message: 'Pure packages have no clock.' },
        { name: 'performance', message: 'Pure packages have no clock.' },
        { name: 'setTimeout', message: 'Pure packages do not schedule.' },
        { name: 'window', message: 'Pure packages have no DOM.' },
        { name: 'document', message: 'Pure packages have no DOM.' },
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the game dice stream.' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
