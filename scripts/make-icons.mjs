// Draws the installable app's icons (#25, point 2) from web/public/favicon.svg with Debian's Chromium:
// web/public/icons/icon-192.png and icon-512.png (the round logo on a transparent ground) and
// icon-maskable-512.png (the logo inside the safe zone of a full square of the theme's blue, which a phone crops
// to its own shape). Run again after changing the favicon: node scripts/make-icons.mjs
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(path.join(root, 'web', 'public', 'favicon.svg'), 'utf8');
const out = path.join(root, 'web', 'public', 'icons');
const THEME = '#0b4f8a';

const icons = [
  { file: 'icon-192.png', size: 192, logo: 1, ground: 'transparent' },
  { file: 'icon-512.png', size: 512, logo: 1, ground: 'transparent' },
  // The maskable safe zone is the middle circle of 80 % of the side: the logo takes 72 %.
  { file: 'icon-maskable-512.png', size: 512, logo: 0.72, ground: THEME },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const side = Math.round(icon.size * icon.logo);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.ground}">` +
        `<div style="width:${side}px;height:${side}px">${svg.replace('<svg ', `<svg width="${side}" height="${side}" `)}</div></body></html>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: icon.ground === 'transparent' });
    await page.close();
  }
} finally {
  await browser.close();
}
