import { describe, expect, it } from 'vitest';
import { hasAnyPermission, normalisePermissions } from '../auth/permissions';
import { ALL_ROUTES, BACK_OFFICE_ROUTES, ROUTE_REDIRECTS, routesOfView } from './routes';
import { homeTarget, permittedViews, VIEWS } from './views';

describe('hasAnyPermission', () => {
  it('treats an empty requirement as public and needs any one listed permission otherwise', () => {
    expect(hasAnyPermission(undefined, [])).toBe(true);
    expect(hasAnyPermission(undefined, ['user'])).toBe(false);
    expect(hasAnyPermission(['system'], ['user', 'news'])).toBe(false);
    expect(hasAnyPermission(['system', 'news'], ['user', 'news'])).toBe(true);
  });

  it('normalises lists: known values, no duplicates, system always held', () => {
    expect(normalisePermissions(['news', 'news', 'bogus', 'analyze'])).toEqual(['analyze', 'system', 'news']);
    expect(normalisePermissions([])).toEqual(['system']);
  });
});

describe('views', () => {
  it('maps each view to its permission and default route', () => {
    expect(VIEWS.map((v) => [v.key, v.permissions, v.defaultRoute])).toEqual([
      ['administration', ['sms', 'feedback', 'warning'], '/system/sms'],
      ['users', ['user'], '/user/group'],
      ['database', ['database'], '/database/stations'],
      ['analysis', ['analyze'], '/analyze/flood'],
      ['news', ['news'], '/news/manage-news'],
    ]);
  });

  it('lists only permitted views, in header order', () => {
    expect(permittedViews(['news', 'system', 'sms']).map((v) => v.key)).toEqual(['administration', 'news']);
    expect(permittedViews(undefined)).toEqual([]);
  });

  it('gives the administration view only to holders of sms, feedback, warning or user (the area), not of system alone (#18)', () => {
    expect(permittedViews(['system', 'news']).map((v) => v.key)).toEqual(['news']);
    expect(permittedViews(['system', 'feedback']).map((v) => v.key)).toEqual(['administration']);
    expect(BACK_OFFICE_ROUTES.filter((r) => r.view === 'administration').map((r) => r.permissions)).toEqual([
      ['sms'],
      ['sms'],
      ['warning'],
      // The area (#26): the portal's administrators.
      ['user'],
      ['feedback'],
    ]);
  });

  it('sends /home to the chosen view, else the first permitted one, else the dashboard', () => {
    expect(homeTarget(undefined, null)).toBe('/dashboard');
    expect(homeTarget(['system', 'user', 'sms'], null)).toBe('/system/sms');
    expect(homeTarget(['system', 'user'], null)).toBe('/user/group');
    expect(homeTarget(['system', 'user'], 'users')).toBe('/user/group');
    // A view the user may not open falls back to the first permitted one.
    expect(homeTarget(['system', 'news'], 'database')).toBe('/news/manage-news');
    expect(homeTarget(['system'], 'administration')).toBe('/dashboard');
    expect(homeTarget([], 'users')).toBe('/dashboard');
    // Within the view, the first page the user may open.
    expect(homeTarget(['system', 'feedback'], 'administration')).toBe('/system/feedback');
    // An officer who issues warnings (#23) and nothing else lands on the warnings page.
    expect(homeTarget(['system', 'warning'], null)).toBe('/system/warnings');
  });
});

describe('route table', () => {
  it('holds every screen of both specifications once', () => {
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/maps',
        '/maps-mobile',
        '/about',
        '/document',
        '/news',
        '/all-news',
        '/news/:id',
        '/feedback',
        '/system/sms',
        '/system/alerts',
        '/system/warnings',
        '/system/feedback',
        '/user/group',
        '/user/user',
        '/user/logs',
        '/database/stations',
        // #22: one station's readings reviewed and corrected by staff.
        '/database/station-readings',
        '/database/configurations',
        '/database/categories',
        '/database/layers',
        '/database/files',
        '/analyze/flood',
        '/analyze/rain',
        '/analyze/report',
        '/analyze/report-data',
        '/analyze/flood-image',
        '/analyze/sensing-image',
        '/news/manage-news',
        // #24: residents sign up to warnings, manage the subscription, confirm their e-mail.
        '/dang-ky-canh-bao',
        '/dang-ky-canh-bao/quan-ly',
        '/dang-ky-canh-bao/xac-nhan',
      ]),
    );
    expect(paths).toHaveLength(33);
  });

  it('requires sign-in for every back-office page, and data-layer for the layers page', () => {
    expect(BACK_OFFICE_ROUTES.every((r) => r.auth && r.permissions?.length)).toBe(true);
    expect(BACK_OFFICE_ROUTES.find((r) => r.path === '/database/layers')?.permissions).toEqual(['data-layer']);
    expect(routesOfView('users').map((r) => r.path)).toEqual(['/user/group', '/user/user', '/user/logs']);
  });

  it('shows the footer only on the news list, dashboard, document, feedback and about pages', () => {
    expect(
      ALL_ROUTES.filter((r) => r.footer)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/about', '/dashboard', '/document', '/feedback', '/news'].sort());
    expect(ALL_ROUTES.filter((r) => r.noHeader).map((r) => r.path)).toEqual(['/maps-mobile']);
  });

  it('redirects the section roots', () => {
    expect(ROUTE_REDIRECTS).toEqual({
      '/': '/home',
      '/system': '/system/sms',
      '/user': '/user/group',
      '/database': '/database/stations',
      '/analyze': '/analyze/flood',
    });
  });
});
