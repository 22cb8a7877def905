// A Vite plugin (build only): the portal's index.html starts downloading the first screen's code with the
// page, not after the entry's 80 KB have arrived and run (decision 205). Vite already preloads what the
// entry imports statically; the route table and the screens are dynamic imports, fetched only once the
// entry runs, a round trip and a download later. A small inline script (allowed by its CSP hash like
// Astro's, api/src/web.ts) adds `modulepreload` links for the route table's chunk on every path but the
// login page, and for the portal home's chunk on /dashboard, with the CSS they import.
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';

export interface FirstScreenPreloadOptions {
  /** The route table module (every path but `loginPath` needs it). */
  routerModule: string;
  /** A path of the portal and the module of its screen, preloaded on that path. */
  screens: Record<string, string>;
  loginPath: string;
}

const isChunk = (o: OutputBundle[string] | undefined): o is OutputChunk => o?.type === 'chunk';

/** A chunk's file and every file it imports statically, with their CSS, minus the entry's own. */
function filesOf(bundle: OutputBundle, moduleSuffix: string, skip: Set<string>): string[] {
  const holds = (c: OutputChunk) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(moduleSuffix));
  const chunk = Object.values(bundle).find((o): o is OutputChunk => isChunk(o) && holds(o));
  if (!chunk) throw new Error(`first-screen-preload: no chunk holds ${moduleSuffix}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName) || skip.has(c.fileName)) return;
    seen.add(c.fileName);
    files.push(c.fileName);
    for (const css of (c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) files.push(css);
    for (const name of c.imports) {
      const next = bundle[name];
      if (isChunk(next)) visit(next);
    }
  };
  visit(chunk);
  return files;
}

/** The entry chunk and what it imports statically: already in the HTML. */
function entryFiles(bundle: OutputBundle): Set<string> {
  const out = new Set<string>();
  const visit = (c: OutputChunk) => {
    if (out.has(c.fileName)) return;
    out.add(c.fileName);
    for (const name of c.imports) {
      const next = bundle[name];
      if (isChunk(next)) visit(next);
    }
  };
  for (const o of Object.values(bundle)) if (isChunk(o) && o.isEntry) visit(o);
  return out;
}

/** The inline script: plain ES5 with no dependency, run as the head is parsed. */
export function preloadScript(base: string, router: string[], screens: Record<string, string[]>, loginPath: string): string {
  const url = (f: string) => base + f;
  return (
    `(function(){var p=location.pathname.replace(/\\/+$/,'')||'/';if(p===${JSON.stringify(loginPath)})return;` +
    `var s=${JSON.stringify(screens)}[p]||[];var f=${JSON.stringify(router.map(url))}.concat(s);` +
    `for(var i=0;i<f.length;i++){var l=document.createElement('link');if(/\\.css$/.test(f[i])){l.rel='preload';l.as='style'}else{l.rel='modulepreload'}` +
    `l.crossOrigin='';l.href=f[i];document.head.appendChild(l)}})()`
  );
}

export function firstScreenPreload(opts: FirstScreenPreloadOptions): Plugin {
  let base = '/';
  return {
    name: 'first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const skip = entryFiles(bundle);
        const router = filesOf(bundle, opts.routerModule, skip);
        const inRouter = new Set([...skip, ...router]);
        const screens = Object.fromEntries(Object.entries(opts.screens).map(([path, mod]) => [path, filesOf(bundle, mod, inRouter).map((f) => base + f)]));
        // Before the stylesheet: an inline script waits for the stylesheets above it to load.
        const script = `<script>${preloadScript(base, router, screens, opts.loginPath)}</script>\n    `;
        const at = html.search(/<link rel="stylesheet"/);
        return at < 0 ? html.replace('</head>', `${script}</head>`) : html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
