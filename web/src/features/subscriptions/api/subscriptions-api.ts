import {
  OkSchema,
  PushPublicKeySchema,
  type SubscribeBody,
  type SubscribeResult,
  SubscribeResultSchema,
  type SubscriptionChannel,
  type SubscriptionChoiceBody,
  type SubscriptionView,
  SubscriptionViewSchema,
} from '@flood/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, api } from '../../../lib/api/client';

/**
 * The public calls of the residents' subscriptions (#24). None is signed in (`anonymous`), and none is handled
 * globally (`errorHandling: 'none'`): each page shows its own messages, field errors and waits.
 */
const PUBLIC = { anonymous: true, errorHandling: 'none' } as const;

const path = (token: string) => `/subscriptions/${encodeURIComponent(token)}`;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  one: (token: string) => ['subscriptions', token] as const,
  publicKey: ['push', 'public-key'] as const,
};

/** `GET /api/push/public-key`: the portal's VAPID public key (base64url). */
export async function fetchPushPublicKey(): Promise<string> {
  return PushPublicKeySchema.parse(await api.get('/push/public-key', PUBLIC)).publicKey;
}

/** `POST /api/subscriptions` → 201: the manage token and what still waits for a code or a link. */
export async function subscribe(body: SubscribeBody): Promise<SubscribeResult> {
  return SubscribeResultSchema.parse(await api.post('/subscriptions', body, PUBLIC));
}

/** `GET /api/subscriptions/:token`: the subscription, its addresses masked; 404 for an unknown token. */
export async function fetchSubscription(token: string): Promise<SubscriptionView> {
  return SubscriptionViewSchema.parse(await api.get(path(token), PUBLIC));
}

/** `PUT /api/subscriptions/:token`: new communes and kinds. */
export async function updateSubscription(token: string, body: SubscriptionChoiceBody): Promise<SubscriptionView> {
  return SubscriptionViewSchema.parse(await api.put(path(token), body, PUBLIC));
}

/** `POST /api/subscriptions/:token/phone-code`: a new code by SMS (429 while the resend interval runs). */
export async function requestPhoneCode(token: string): Promise<void> {
  OkSchema.parse(await api.post(`${path(token)}/phone-code`, undefined, PUBLIC));
}

/** `POST /api/subscriptions/:token/confirm-phone`: the 6-digit code; the phone's channels are then confirmed. */
export async function confirmPhone(token: string, code: string): Promise<SubscriptionView> {
  return SubscriptionViewSchema.parse(await api.post(`${path(token)}/confirm-phone`, { code }, PUBLIC));
}

const ConfirmEmailResultSchema = z.object({ token: z.string(), subscription: SubscriptionViewSchema });
export type ConfirmEmailResult = z.infer<typeof ConfirmEmailResultSchema>;

/** `POST /api/subscriptions/confirm-email`: the e-mail link's token; answers the manage token. */
export async function confirmEmail(token: string): Promise<ConfirmEmailResult> {
  return ConfirmEmailResultSchema.parse(await api.post('/subscriptions/confirm-email', { token }, PUBLIC));
}

/**
 * `DELETE /api/subscriptions/:token/channels/:channel`: the subscription without that channel, or null when it
 * was the last one (204: the subscription is gone).
 */
export async function removeChannel(token: string, channel: SubscriptionChannel): Promise<SubscriptionView | null> {
  const data = await api.delete(`${path(token)}/channels/${channel}`, PUBLIC);
  return data === undefined ? null : SubscriptionViewSchema.parse(data);
}

/** `DELETE /api/subscriptions/:token` → 204: the subscription and every personal datum of it deleted. */
export async function unsubscribe(token: string): Promise<void> {
  await api.delete(path(token), PUBLIC);
}

/** Whether a failure says the token is unknown (never issued, or the subscription is gone). */
export function isUnknownToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: subscriptionKeys.one(token),
    queryFn: () => fetchSubscription(token),
    // An unknown token stays unknown; a network failure is retried by the page's button.
    retry: false,
    staleTime: 30_000,
  });

/** The subscription of a manage token (the manage page). */
export function useSubscription(token: string | null) {
  return useQuery({ ...subscriptionQuery(token ?? ''), enabled: Boolean(token) });
}
