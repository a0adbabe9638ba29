import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@portal/contracts': contracts } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // The login route's own small modules in one chunk: fewer requests before the form shows.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'login',
              test: /\/web\/src\/(core|auth\/(?!ResetPasswordPage)|i18n\/(provider|useLanguage|fr|shape)|theme\/palettes|layout\/Loading|notifications|server)[/.]|\/libs\/contracts\//,
            },
          ],
        },
      },
    },
  },
  // Files share their workers' modules (isolate: false): evaluating MUI and react-admin once per file
  // took 80 of the suite's 95 s. A test that changes module state (api's fetch, session storage)
  // sets it in its own beforeEach.
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
