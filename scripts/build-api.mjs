// `npm run build:api` (part of `npm run build`): compiles the API (with shared/, migrations/ and
// knexfile.ts) to JavaScript in api/dist/ with esbuild, one self-contained ES module per entry (api/dist/server.js, api/dist/migrate.js: the same
// depth below the repository as api/src/*.ts, so paths made from import.meta.url stay right). npm packages stay
// imports (production installs them with `npm ci --omit=dev`); the workspace `@tm/shared` is TypeScript
// and is compiled in. An import of a package that is not a production dependency of api/ or shared/
// fails the build, so production never needs a dev dependency (tsx included).
// Production then runs: node api/dist/migrate.js latest && node api/dist/server.js
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'api', 'dist');
const readJson = (f) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));
const production = new Set([
  ...Object.keys(readJson('api/package.json').dependencies ?? {}),
  ...Object.keys(readJson('shared/package.json').dependencies ?? {}),
]);
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The package name of a bare import: `a/b` is `a`, `@s/a/b` is `@s/a`. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const externals = {
  name: 'production-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtins.has(args.path)) return { path: args.path, external: true };
      const pkg = packageOf(args.path);
      if (pkg === '@tm/shared') return undefined; // TypeScript source: compiled in
      if (!production.has(pkg)) {
        return {
          errors: [
            {
              text: `"${pkg}" is imported by ${path.relative(root, args.importer)} but is not a dependency of api/ or shared/ (production installs only those)`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { server: 'api/src/server.ts', migrate: 'api/src/db/migrate.ts', 'admin-create': 'api/src/admin-create.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.19',
  sourcemap: 'linked',
  plugins: [externals],
  logLevel: 'warning',
  metafile: true,
});
// Development tools (tools/: the Stripe emulator) are never part of the compiled API.
const tools = Object.keys(result.metafile.inputs).filter((f) => f.startsWith('tools/'));
if (tools.length) {
  fs.rmSync(outdir, { recursive: true, force: true });
  console.error(`build:api: the API imports development tools, which production never has: ${tools.join(', ')}`);
  process.exit(1);
}
fs.writeFileSync(path.join(outdir, 'package.json'), JSON.stringify({ type: 'module', private: true }, null, 2) + '\n');
const bytes = Object.entries(result.metafile.outputs)
  .filter(([f]) => f.endsWith('.js'))
  .reduce((n, [, o]) => n + o.bytes, 0);
console.log(`API compiled to ${path.relative(root, outdir)}/ (server.js, migrate.js, admin-create.js; ${Math.round(bytes / 1024)} KiB of JavaScript)`);
