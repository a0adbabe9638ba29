import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const objectEntries = fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@portal/contracts': contracts, 'object.entries': objectEntries } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // No manual chunk group: one that gathered the login route's modules by folder also took every
    // module of web/src/core and the whole contracts barrel (zod, the report catalogue), 230 KB gzipped.
    // The login route is what index.html imports; libs/contracts is marked side-effect free so that
    // only the parts a module uses come with it.
  },
  // Files share their workers' modules (isolate: false): evaluating MUI and react-admin once per file
  // took 80 of the suite's 95 s. A test that changes module state (api's fetch, session storage)
  // sets it in its own beforeEach; src/test-setup.ts puts the shared state back before each file.
  test: { environment: 'node', include: ['src/**/*.test.ts'], isolate: false, setupFiles: ['src/test-setup.ts'] },
});
