import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import layers from './tools/eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist', 'build', 'bench/out', 'node_modules', 'data', 'test-results', 'playwright-report', '**/*.tmp.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'layers/one-way-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Tests read loosely typed JSON answers on purpose.
    files: ['test/**/*.ts', '**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // MUI 9 dropped Typography's system props: a palette path such as "text.secondary" compiles (the
      // prop is typed as any string) and is ignored, drawing the primary colour. Its palette keys work.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name="Typography"] > JSXAttribute[name.name="color"] Literal[value=/\\./]',
          message:
            'Typography ignores a palette path in `color` (MUI 9): use textPrimary, textSecondary, primary, success, warning, info, error, or sx.',
        },
      ],
    },
  },
);
