import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Layers import one way: utils ← db ← lib ← features ← routes.
// components and theme import only utils; features do not import each other
// (images is the exception: it is the storage of every other feature).
const zones = [
  { target: './app/utils', from: ['./app/db', './app/lib', './app/features', './app/routes', './app/components'] },
  { target: './app/db', from: ['./app/lib', './app/features', './app/routes', './app/components'] },
  { target: './app/lib', from: ['./app/features', './app/routes', './app/components'] },
  { target: './app/components', from: ['./app/db', './app/lib', './app/features', './app/routes'] },
  { target: './app/theme', from: ['./app/db', './app/lib', './app/features', './app/routes', './app/components'] },
  { target: './app/features', from: ['./app/routes'] },
  { target: './app/routes', from: ['./app/db'] },
  { target: './app/features/recipes', from: ['./app/features/comments', './app/features/accounts'] },
  { target: './app/features/comments', from: ['./app/features/recipes', './app/features/accounts'] },
  { target: './app/features/accounts', from: ['./app/features/recipes', './app/features/comments'] },
];

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Test helpers such as useTestDatabase() are Vitest fixtures, not React hooks.
    files: ['tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
