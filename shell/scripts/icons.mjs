// The installed app's icons, drawn from the favicon's cup with sharp: 192 and 512 px on the
// espresso tile, and a maskable 512 whose cup sits inside the middle 80 % (what a launcher may crop to a circle
// or a squircle keeps all of it). Written into public/ (served at the site's top level) and committed; run
// again after changing the drawing: `node shell/scripts/icons.mjs`.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const ESPRESSO = '#2b1b12';
const CREMA = '#c8873f';
const FOAM = '#fdf8f3';

/** The cup of public/favicon.svg on a 32-unit grid, scaled by `scale` about the middle. */
const cup = (scale) => `
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)">
    <path d="M7 12h15v6a7 7 0 0 1-7 7h-1a7 7 0 0 1-7-7z" fill="${CREMA}"/>
    <path d="M22 14h1.5a3 3 0 0 1 0 6H21" fill="none" stroke="${CREMA}" stroke-width="2"/>
    <path d="M11 5c-1 1.5 1 2.5 0 4M15 5c-1 1.5 1 2.5 0 4" fill="none" stroke="${FOAM}" stroke-width="1.6" stroke-linecap="round"/>
  </g>`;

const svg = ({ rounded, scale }) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
      `<rect width="32" height="32" ${rounded ? 'rx="7"' : ''} fill="${ESPRESSO}"/>${cup(scale)}</svg>`,
  );

const out = new URL('../public/', import.meta.url);
for (const [name, size, drawing] of [
  ['icon-192.png', 192, { rounded: true, scale: 1 }],
  ['icon-512.png', 512, { rounded: true, scale: 1 }],
  ['icon-maskable-512.png', 512, { rounded: false, scale: 0.72 }],
  ['apple-touch-icon.png', 180, { rounded: false, scale: 0.85 }],
]) {
  const png = await sharp(svg(drawing), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(new URL(name, out), png);
  process.stdout.write(`${name}: ${size}×${size}, ${png.length} bytes\n`);
}
