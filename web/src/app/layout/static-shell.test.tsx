import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, signOut } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const INDEX_HTML = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');

/** The shell index.html carries between its markers. */
function staticShell(): string {
  const match = /<!--app-shell-->([\s\S]*)<!--\/app-shell-->/.exec(INDEX_HTML);
  if (!match?.[1]) throw new Error('index.html has no app shell');
  return match[1];
}

/** Markup without the attributes React Router adds at run time, nor the static buttons' `disabled`. */
const normalise = (html: string) =>
  html
    .replace(/ data-discover="true"/g, '')
    .replace(/ disabled=""/g, '')
    .trim();

describe('static app shell (index.html)', () => {
  beforeEach(() => signOut());
  afterEach(() => vi.restoreAllMocks());

  it('is the header React renders for a visitor, so the swap from HTML to app does not move anything', async () => {
    renderApp('/khong-ton-tai');
    await screen.findByTestId('not-found-home');
    const header = document.querySelector('header.app-header');
    expect(header).toBeTruthy();
    const shell = document.createElement('div');
    shell.innerHTML = staticShell();
    expect(normalise(shell.querySelector('header.app-header')?.outerHTML ?? '')).toBe(
      normalise(header?.outerHTML ?? ''),
    );
  });

  it('holds a main landmark with a loading state, no script, and buttons disabled until the app runs', () => {
    const shell = document.createElement('div');
    shell.innerHTML = staticShell();
    expect(shell.querySelector('main#main-content .page-loading[role="status"]')).toBeTruthy();
    expect(shell.querySelector('script')).toBeNull();
    const buttons = [...shell.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect([...shell.querySelectorAll('a.nav-link')].map((a) => a.getAttribute('href'))).toContain('/news');
  });

  it('carries the demo banner React renders in demo mode, right after the header (the server keeps it only then)', async () => {
    const tile = { url: 'https://tile.example.vn/{z}/{x}/{y}.png', attribution: '' };
    mockFetch((url) =>
      url.endsWith('/app-info')
        ? jsonResponse(200, {
            demo: true,
            timeZone: 'Asia/Ho_Chi_Minh',
            version: '1',
            mapTiles: { national: tile, satellite: tile, street: tile },
          })
        : jsonResponse(404, {}),
    );
    renderApp('/khong-ton-tai');
    const banner = await screen.findByTestId('demo-banner');
    const match = /<!--demo-banner-->([\s\S]*)<!--\/demo-banner-->/.exec(staticShell());
    expect(match?.[1]).toBeTruthy();
    expect(normalise(match?.[1] ?? '')).toBe(normalise(banner.outerHTML));
    // The server's banner of warnings (#25) goes between them, where React renders AlertBanner.
    expect(staticShell()).toContain('</header><!--alert-banner--><!--demo-banner-->');
  });

  it('keeps in a comment the slim bar React renders instead of the header on /maps-mobile (the server uses it there)', async () => {
    renderApp('/maps-mobile');
    const bar = await screen.findByTestId('bare-bar');
    const match = /<!--bare-bar ([\s\S]*?) -->/.exec(staticShell());
    expect(match?.[1]).toBeTruthy();
    expect(normalise(match?.[1] ?? '')).toBe(normalise(bar.outerHTML));
  });
});
