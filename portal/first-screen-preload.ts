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

/** `starts` and every chunk they import statically, depth first, leaving out (and not entering) `skip`. */
function staticClosure(bundle: OutputBundle, starts: OutputChunk[], skip: ReadonlySet<string> = new Set()): OutputChunk[] {
  const seen = new Set<string>();
  const out: OutputChunk[] = [];
  const visit = (c: OutputChunk) => {
    if (seen.has(c.fileName) || skip.has(c.fileName)) return;
    seen.add(c.fileName);
    out.push(c);
    for (const name of c.imports) {
      const next = bundle[name];
      if (isChunk(next)) visit(next);
    }
  };
  for (const c of starts) visit(c);
  return out;
}

/** The entry chunk and what it imports statically: already in the HTML. */
const entryFiles = (bundle: OutputBundle): Set<string> =>
  new Set(
    staticClosure(
      bundle,
      Object.values(bundle).filter((o): o is OutputChunk => isChunk(o) && o.isEntry),
    ).map((c) => c.fileName),
  );

/** The chunk holding `moduleSuffix` and every chunk it imports statically, each with its CSS, minus `skip`. */
function filesOf(bundle: OutputBundle, moduleSuffix: string, skip: ReadonlySet<string>): string[] {
  const holds = (c: OutputChunk) => c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(moduleSuffix));
  const chunk = Object.values(bundle).find((o): o is OutputChunk => isChunk(o) && holds(o));
  if (!chunk) throw new Error(`first-screen-preload: no chunk holds ${moduleSuffix}`);
  const cssOf = (c: OutputChunk) => [...((c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];
  return staticClosure(bundle, [chunk], skip).flatMap((c) => [c.fileName, ...cssOf(c)]);
}

/** The inline script: plain ES5 with no dependency, run as the head is parsed. */
function preloadScript(router: string[], screens: Record<string, string[]>, loginPath: string): string {
  return (
    `(function(){var p=location.pathname.replace(/\\/+$/,'')||'/';if(p===${JSON.stringify(loginPath)})return;` +
    `var s=${JSON.stringify(screens)}[p]||[];var f=${JSON.stringify(router)}.concat(s);` +
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
        const url = (files: string[]) => files.map((f) => base + f);
        const screens = Object.fromEntries(Object.entries(opts.screens).map(([path, mod]) => [path, url(filesOf(bundle, mod, inRouter))]));
        // Before the stylesheet: an inline script waits for the stylesheets above it to load.
        const script = `<script>${preloadScript(url(router), screens, opts.loginPath)}</script>\n    `;
        const at = html.search(/<link rel="stylesheet"/);
        return at < 0 ? html.replace('</head>', `${script}</head>`) : html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
