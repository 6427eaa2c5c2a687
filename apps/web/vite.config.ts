import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code is split by how early it is needed: the shell (react, router, mantine core, query)
// loads first; charts, dates and Capacitor only arrive with the pages or platforms that use them.
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'vendor-mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|modals|notifications|store)[\\/]/ },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'vendor-charts', test: /node_modules[\\/](recharts|d3-[^\\/]+|@mantine[\\/]charts)[\\/]/ },
  { name: 'vendor-dates', test: /node_modules[\\/](dayjs|@mantine[\\/]dates)[\\/]/ },
  { name: 'vendor-capacitor', test: /node_modules[\\/]@capacitor[\\/]/ },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/v4': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/v4': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
