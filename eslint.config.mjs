// Lint configuration: ESLint's and typescript-eslint's recommended rules. Formatting is Prettier's job
// (`npm run lint` runs both); nothing here is about style.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '.tsbuild/', 'bench/results/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `const { durationMs, ...rest } = result` is how tests drop a field before comparing.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters in regexes are deliberate in the shell analyser and the rule language.
      'no-control-regex': 'off',
    },
  },
  {
    // The CommonJS launcher loads the bundles with require() on purpose (see cli/bin/ssg.cjs).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
