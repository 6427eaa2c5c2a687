#!/usr/bin/env node
// Writes the installed app's icons (apps/web/public/icons) in the blue theme's colours: a white ball
// with dimples on the primary blue, drawn as SVG and rasterised with sharp. "any" icons have rounded
// corners; the maskable icon and Apple's touch icon are full-bleed with the ball inside the central
// 60 %, the part every platform's mask keeps. Run after changing the drawing: node scripts/app-icons.mjs
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// sharp is the API's dependency (logos); resolved from there.
const sharp = createRequire(join(root, 'apps/api/package.json'))('sharp');
const out = join(root, 'apps/web/public/icons');
const PRIMARY = '#447ec9';
const SECONDARY = '#2b5a94';

/** The ball, centred, its radius a share of the 512 canvas. */
function ball(radius) {
  const dimples = [];
  const step = radius / 3.2;
  for (let row = -2; row <= 2; row += 1) {
    for (let col = -2; col <= 2; col += 1) {
      const x = 256 + col * step + (row % 2 === 0 ? 0 : step / 2);
      const y = 256 + row * step * 0.9;
      if (Math.hypot(x - 256, y - 256) < radius * 0.78)
        dimples.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(radius / 14).toFixed(1)}" fill="${PRIMARY}" opacity="0.28"/>`,
        );
    }
  }
  return `<circle cx="262" cy="264" r="${radius}" fill="${SECONDARY}"/><circle cx="256" cy="256" r="${radius}" fill="#fff"/>${dimples.join('')}`;
}

const svg = ({ rounded, radius }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="${PRIMARY}"/>${ball(radius)}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, radius: 170 },
  { file: 'icon-512.png', size: 512, rounded: true, radius: 170 },
  { file: 'maskable-512.png', size: 512, rounded: false, radius: 140 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, radius: 160 },
];

mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(svg(icon)))
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, icon.file));
  console.log(`apps/web/public/icons/${icon.file}`);
}
