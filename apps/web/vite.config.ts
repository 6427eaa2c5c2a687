import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vendor code is split by how early it is needed: the shell (react, router, mantine core, query)
// loads first; charts, dates and Capacitor only arrive with the pages or platforms that use them.
// Mantine's components stay out of the mantine group: grouped, every component any page uses
// (Select, Combobox, Table, ...) loaded up front; ungrouped, each arrives with the pages using it,
// which keeps the first page under its 200 kB (gzip) of JavaScript.
// Vite's preload helper (the virtual module behind every lazy import) joins the react group: left
// alone, rolldown files it with the first chunk that also uses it (Capacitor), which then loads up
// front on the web too.
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite\/preload-helper/ },
  {
    name: 'vendor-mantine',
    test: /node_modules[\\/]@mantine[\\/](hooks|modals|notifications|store)[\\/]|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils)[\\/]/,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // Small modules the first page shares with lazy pages (the API and query clients, the public config, the
  // provider names, the golf package's subscription rules, units and themes): one chunk, not seven split off the entry.
  {
    name: 'app-shared',
    test: /apps[\\/]web[\\/]src[\\/](lib[\\/](api-client|query-client|federated[\\/]public-config)|features[\\/]account[\\/]components[\\/]providers)\.ts$|packages[\\/]golf[\\/]src[\\/](subscriptions|units-pairs|themes)\.ts$/,
  },
  // The text and form inputs of the sign-in pages, which every other page uses too: one chunk, not four small ones.
  {
    name: 'mantine-text',
    test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Text|Anchor|TextInput|PasswordInput|Input|InputBase)[\\/]/,
  },
  // Charts' legends use ColorSwatch: left alone it joins the charts chunk, and the tag manager's swatches would load recharts.
  { name: 'mantine-color-swatch', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ColorSwatch[\\/]/ },
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
    // .vite/manifest.json: scripts/bundle-report.mjs follows it to what the first page (/login) loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
