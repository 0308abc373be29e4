import type { CommuneItem, SubscribeResult, SubscriptionView } from '@flood/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import ConfirmEmailPage from './pages/confirm-email-page';
import ManagePage from './pages/manage-page';
import SubscribePage from './pages/subscribe-page';
import { CONFIRM_EMAIL_PATH, MANAGE_PATH, SUBSCRIBE_PATH } from './paths';

/** Two squares side by side around Ba Chẽ town, [lon, lat]: Thanh Sơn west of 107.29, Nam Sơn east of it. */
const square = (west: number, east: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [west, 21.26],
      [east, 21.26],
      [east, 21.28],
      [west, 21.28],
      [west, 21.26],
    ],
  ],
});

export const COMMUNES: CommuneItem[] = [
  {
    gsoCode: '06973',
    name: 'Thanh Sơn',
    fullName: 'Xã Thanh Sơn',
    province: 'Quảng Ninh',
    geometry: square(107.27, 107.29),
  },
  {
    gsoCode: '06976',
    name: 'Nam Sơn',
    fullName: 'Xã Nam Sơn',
    province: 'Quảng Ninh',
    geometry: square(107.29, 107.31),
  },
];

export function subscriptionView(over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    communes: ['06973'],
    kinds: ['flood', 'flash_flood', 'landslide', 'heavy_rain', 'inundation', 'other'],
    language: 'vi',
    channels: [{ channel: 'sms', address: '0912***678', confirmed: false }],
    consentAt: '2026-11-26T01:00:00.000Z',
    consentSource: 'web',
    ...over,
  };
}

export function subscribeResult(over: Partial<SubscribeResult> = {}): SubscribeResult {
  return { token: 'tok.manage-1', phonePending: true, emailPending: false, subscription: subscriptionView(), ...over };
}

export const errorBody = (code: string, message: string, fields?: { field: string; message: string }[]) => ({
  code,
  message,
  requestId: 'r-1',
  ...(fields ? { fields } : {}),
});

/** The three pages in a memory router (the path may carry a `#t=` fragment), with the app's providers. */
export function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: SUBSCRIBE_PATH, element: <SubscribePage /> },
      // A unit's pages (#26 point 4), as the app's route table has them.
      { path: `/xa/:unitCode${SUBSCRIBE_PATH}`, element: <SubscribePage /> },
      { path: MANAGE_PATH, element: <ManagePage /> },
      { path: CONFIRM_EMAIL_PATH, element: <ConfirmEmailPage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
