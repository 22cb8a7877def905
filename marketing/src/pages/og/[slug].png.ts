// The preview images of shared links (/og/<slug>.png, 1200x630, decision 235): drawn at build time from an SVG
// with the page's headline, rasterised by sharp. Text uses the system's sans-serif font (DejaVu Sans on Debian).
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { INDEXED_PAGES, type IndexedPage } from '../../seo-pages.ts';

export const getStaticPaths: GetStaticPaths = () => INDEXED_PAGES.map((page) => ({ params: { slug: page.slug }, props: { page } }));

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The headline in lines of at most `width` characters (at most three lines). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

export function previewSvg(page: Pick<IndexedPage, 'headline'>): string {
  const lines = wrap(page.headline, 26)
    .map((l, i) => `<text x="80" y="${300 + i * 84}" font-size="68" font-weight="700" fill="#ffffff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">
  <rect width="1200" height="630" fill="#0b3d75"/>
  <rect x="0" y="560" width="1200" height="70" fill="#0b5cab"/>
  <g transform="translate(80 90) scale(3.5)"><rect width="32" height="32" rx="8" fill="#0b5cab"/><path d="M9 20c3 3 11 3 14-4l-3-2c-2 4-6 5-8 3z" fill="#fff"/><circle cx="22" cy="10" r="3" fill="#f59e0b"/></g>
  <text x="215" y="168" font-size="52" font-weight="700" fill="#ffffff">TransferLine</text>
  ${lines}
  <text x="80" y="606" font-size="30" fill="#dbeafe">Pay only for qualified live transfers · TCPA-compliant</text>
</svg>`;
}

export const GET: APIRoute = async ({ props }) => {
  const png = await sharp(Buffer.from(previewSvg((props as { page: IndexedPage }).page)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
