// Writes .br and .gz next to every text asset of a build folder, once at build time, so the server sends
// compressed files without compressing per request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const folder = process.argv[2] ?? 'dist';
const TEXT = /\.(js|mjs|css|html|json|svg|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name) && !name.endsWith('.map')) yield path;
  }
}

for (const path of files(folder)) {
  const bytes = readFileSync(path);
  if (bytes.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
