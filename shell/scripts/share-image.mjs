// The picture a shared link shows for a page without one of its own (WhatsApp and Facebook show a
// link with a picture, or barely at all): 1200×630, the size both ask for, drawn with sharp from the site's cup
// and words, as a JPEG well under 300 KB. Written into public/ (served at the site's top level as /share.jpg)
// and committed; run again after changing the drawing: `node shell/scripts/share-image.mjs`.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const ESPRESSO = '#2b1b12';
const ROAST = '#4a2c1d';
const CREMA = '#c8873f';
const FOAM = '#fdf8f3';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${ESPRESSO}"/><stop offset="1" stop-color="${ROAST}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="0" y="600" width="1200" height="30" fill="${CREMA}"/>
  <g transform="translate(90 150) scale(10)">
    <path d="M7 12h15v6a7 7 0 0 1-7 7h-1a7 7 0 0 1-7-7z" fill="${CREMA}"/>
    <path d="M22 14h1.5a3 3 0 0 1 0 6H21" fill="none" stroke="${CREMA}" stroke-width="2"/>
    <path d="M11 5c-1 1.5 1 2.5 0 4M15 5c-1 1.5 1 2.5 0 4" fill="none" stroke="${FOAM}" stroke-width="1.6" stroke-linecap="round"/>
  </g>
  <g font-family="DejaVu Serif, Georgia, serif" fill="${FOAM}">
    <text x="440" y="250" font-size="72" font-weight="700">BTLS Coffee</text>
    <text x="440" y="320" font-size="36" fill="${CREMA}">Training Centre · Kigali</text>
  </g>
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="${FOAM}" font-size="30">
    <text x="440" y="410">Barista courses, verifiable certificates</text>
    <text x="440" y="452">and coffee jobs in Rwanda</text>
  </g>
</svg>`;

const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
writeFileSync(new URL('../public/share.jpg', import.meta.url), jpeg);
process.stdout.write(`share.jpg: 1200×630, ${jpeg.length} bytes\n`);
