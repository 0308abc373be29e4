import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRIMARY } from '../src/app/theme';

const PUBLIC = path.join(import.meta.dirname, '..', 'public');
const manifest = JSON.parse(readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the installable app (#25, point 2)', () => {
  it('has a Vietnamese name, starts on the dashboard, standalone, in the theme colour', () => {
    expect(manifest).toMatchObject({
      name: 'Cảnh báo lũ Ba Chẽ',
      lang: 'vi',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: PRIMARY,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('has PNG icons of 192 and 512 px and a maskable one, of the sizes they say', () => {
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const [w, h] = pngSize(path.join(PUBLIC, icon.src));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });

  it('is linked from index.html, with the same theme colour', () => {
    const html = readFileSync(path.join(PUBLIC, '..', 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
  });
});
