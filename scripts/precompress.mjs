// Build step of the site and the portal (decision 075): writes `file.br` and `file.gz` beside every
// compressible file of a built folder, once, at the highest levels (brotli 11, gzip 9), so the server
// (api/src/web.ts, from memory) and any proxy or CDN in front send them as they are and never compress a
// page or an asset per request. A variant that is not smaller than the file is not written.
// Usage: node scripts/precompress.mjs <dist folder>...
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts and media are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/i;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 256;

async function compressFile(file) {
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [ext, data] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (data.length >= body.length) continue;
    await fs.writeFile(file + ext, data);
    // Same mtime as the page: the variants' ETags (size and mtime) then change exactly when the page does.
    const { atime, mtime } = await fs.stat(file);
    await fs.utimes(file + ext, atime, mtime);
    written++;
  }
  return written;
}

async function precompress(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => path.join(e.parentPath, e.name));
  let written = 0;
  // A few at a time: brotli 11 of the larger bundles takes a while, the build machine may be small.
  for (let i = 0; i < files.length; i += 8) written += (await Promise.all(files.slice(i, i + 8).map(compressFile))).reduce((a, b) => a + b, 0);
  return { files: files.length, written };
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: node scripts/precompress.mjs <dist folder>...');
  process.exit(2);
}
for (const dir of dirs) {
  const { files, written } = await precompress(path.resolve(dir));
  console.log(`precompress ${dir}: ${written} .br/.gz files for ${files} compressible files`);
}
