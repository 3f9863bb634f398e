import tsParser from '@typescript-eslint/parser';
import boundaries from 'eslint-plugin-boundaries';

/*
 * The import zones of docs/architecture.md, checked on every import (`npm run lint`, run by CI):
 * - machines/ and src/shared/ import neither the client nor the server;
 * - the server never imports the client;
 * - a client feature imports no other feature and not app/; app/ composes the features;
 * - the client's shared layers (state, lib, components, config) import neither features nor app/.
 * Tests are outside the zones: they reach whatever they test.
 */
export default [
  { ignores: ['dist/**', 'node_modules/**', 'tests/**', 'bench/**', 'scripts/**', 'replay-reports/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['src/**/*', 'machines/**/*'],
      'boundaries/elements': [
        { type: 'machines', pattern: 'machines', mode: 'folder' },
        { type: 'shared', pattern: 'src/shared', mode: 'folder' },
        { type: 'server', pattern: 'src/server', mode: 'folder' },
        { type: 'feature', pattern: 'src/client/features/*', mode: 'folder', capture: ['area'] },
        { type: 'app', pattern: 'src/client/app', mode: 'folder' },
        { type: 'client-shared', pattern: 'src/client/(state|lib|components|config)', mode: 'folder' },
        { type: 'client-entry', pattern: 'src/client/main.tsx', mode: 'file' },
        { type: 'client-dev', pattern: 'src/client/dev', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        2,
        {
          default: 'allow',
          rules: [
            {
              from: ['machines', 'shared'],
              disallow: ['server', 'feature', 'app', 'client-shared', 'client-entry', 'client-dev'],
              message: 'machines/ and src/shared/ import neither the client nor the server',
            },
            {
              from: ['server'],
              disallow: ['feature', 'app', 'client-shared', 'client-entry', 'client-dev'],
              message: 'the server never imports the client',
            },
            {
              from: ['feature'],
              disallow: [['feature', { area: '!${from.area}' }], 'app', 'client-entry'],
              message: 'a feature imports no other feature and not app/: app/ composes the features',
            },
            {
              from: ['client-shared'],
              disallow: ['feature', 'app', 'client-entry'],
              message: "the client's shared layers import neither features nor app/",
            },
          ],
        },
      ],
    },
  },
];
