import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor groups: the framework loads once and is cached across releases of the pages. Ant Design is
 * deliberately not grouped: one antd chunk was 353 KB gzip on every page (the back office's tables, forms
 * and pickers on the public map too); split by use, a page loads only the components it renders.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/]/ },
  { name: 'vendor-altcha', test: /node_modules[\\/]altcha[\\/]/ },
  // Only the chart (components/chart.tsx, loaded lazily) imports these: one chunk for pages with charts.
  { name: 'vendor-echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Ant Design's @rc-component packages do not declare `sideEffects: false`, so importing one export
      // (antd's Form context imports FormProvider) kept whole packages (the form engine and its validator,
      // ~15 KB gzip) in every page. Their modules only define components and helpers.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((g) => ({ name: g.name, test: g.test })),
        },
      },
    },
  },
});
