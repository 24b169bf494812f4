import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Layers import one way: utils ← db ← lib ← features ← routes.
// components and theme import only utils; features do not import each other
// (images is the exception: it is the storage of every other feature).
// All imports inside app/ are relative, so "../(../)*<folder>/" names the
// top-level folder an import reaches into.
const layers = [
  { files: ['app/utils/**'], forbidden: ['db', 'lib', 'features', 'routes', 'components'] },
  { files: ['app/db/**'], forbidden: ['lib', 'features', 'routes', 'components'] },
  { files: ['app/lib/**'], forbidden: ['features', 'routes', 'components'] },
  { files: ['app/components/**'], forbidden: ['db', 'lib', 'features', 'routes'] },
  { files: ['app/theme/**'], forbidden: ['db', 'lib', 'features', 'routes', 'components'] },
  { files: ['app/features/**'], forbidden: ['routes'] },
  { files: ['app/routes/**'], forbidden: ['db'] },
  { files: ['app/features/recipes/**'], forbidden: ['comments', 'accounts'] },
  { files: ['app/features/comments/**'], forbidden: ['recipes', 'accounts'] },
  { files: ['app/features/accounts/**'], forbidden: ['recipes', 'comments'] },
];

function layerRule({ files, forbidden }) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${forbidden.join('|')})/`,
              message: `${files[0].replace('/**', '')} must not import from ${forbidden.join(', ')} (see docs/ARCHITECTURE.md).`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/'] },
  ...tseslint.configs.recommended,
  {
    // Hook rules for the React code only: tests name set-up helpers useX too.
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Two rules for one file would override each other: the feature-to-feature
  // rules therefore repeat the features rule's "routes".
  ...layers.map((layer) =>
    layer.files[0].startsWith('app/features/')
      ? layerRule({ ...layer, forbidden: [...layer.forbidden, 'routes'] })
      : layerRule(layer),
  ),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
