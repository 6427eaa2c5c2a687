import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync } from 'rolldown/experimental';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

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
  // Hydration (dehydrate/hydrate) serves only the page data kept on the device, which loads after sign-in: left out of the group.
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/](?!query-core[\\/]build[\\/]modern[\\/]hydration\.js)/ },
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

/**
 * The installable app: the web manifest (name, theme colours, icons from scripts/app-icons.mjs) and
 * the service worker src/sw/sw.ts, into which the list of every built file is injected for
 * precaching (the app shell and all route chunks, so the app opens offline after one visit).
 * main.tsx registers the worker itself (never in the native shell, whose assets are bundled).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    name: 'Holeout',
    short_name: 'Holeout',
    description: 'Golf practice and performance tracker',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#447ec9',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // The worker is iife so a classic registration runs it; the largest chunk (charts) is about 440 kB.
    rollupFormat: 'iife',
    maximumFileSizeToCacheInBytes: 1_000_000,
  },
  devOptions: { enabled: false },
});

/**
 * The built index.html starts the app through app-start.js (src/app-start.js, minified into the build),
 * which may first paint the page as it was last drawn (lib/offline/page-snapshot.ts) and only then start
 * the entry module. The entry's module tag becomes a modulepreload (it downloads as early as before) and
 * its path goes on the start script as data-entry. A build whose index.html lacks either fails here,
 * never as an app that does not start. In development the module tag stays and the start script goes.
 */
// Vite warns that it cannot bundle this classic script; it is not meant to (generateBundle emits it).
const START_TAG = '<script src="/app-start.js"></script>';
const startThroughAppStart: Plugin = {
  name: 'holeout-app-start',
  generateBundle() {
    const source = readFileSync(fileURLToPath(new URL('./src/app-start.js', import.meta.url)), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'app-start.js', source: minifySync('app-start.js', source).code });
  },
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.bundle) return html.replace(START_TAG, '');
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
      if (!entry || !html.includes(START_TAG)) throw new Error('index.html: no entry module tag or no /app-start.js script');
      return html
        .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
        .replace(START_TAG, `<script src="/app-start.js" data-entry="${entry[1]}"></script>`);
    },
  },
};

export default defineConfig({
  plugins: [react(), pwa, startThroughAppStart],
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
