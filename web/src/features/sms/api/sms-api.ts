import {
  type SmsHistory,
  SmsHistoryPageSchema,
  SmsHistorySchema,
  type SmsRecipient,
  type SmsRecipientBody,
  SmsRecipientPageSchema,
  SmsRecipientSchema,
  type SmsTemplate,
  SmsTemplateListSchema,
  SmsTemplateSchema,
  type SubscriberCount,
  SubscriberCountsSchema,
  type SubscriberImportBody,
  type SubscriberImportResult,
  SubscriberImportResultSchema,
} from '@flood/domain';
import { api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { queryString } from '../../../lib/api/query-string';

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

/** Query keys of the SMS page: each list sits under its root, so one invalidation refreshes every page of it. */
export const smsKeys = {
  all: ['sms'] as const,
  templates: ['sms', 'templates'] as const,
  recipients: ['sms', 'recipients'] as const,
  recipientList: (q: PageQuery) => ['sms', 'recipients', 'list', q] as const,
  history: ['sms', 'history'] as const,
  historyList: (q: PageQuery) => ['sms', 'history', 'list', q] as const,
  subscribers: ['sms', 'subscribers'] as const,
};

// ---------- templates ----------

export async function fetchSmsTemplates(): Promise<SmsTemplate[]> {
  return SmsTemplateListSchema.parse(await api.get('/sms-template'));
}

export async function updateSmsTemplate(id: number, template: string): Promise<SmsTemplate> {
  return SmsTemplateSchema.parse(await api.put(`/sms-template/${id}`, { template }, { errorHandling: 'no-toast' }));
}

// ---------- recipients ----------

export async function fetchSmsRecipients(q: PageQuery): Promise<Paged<SmsRecipient>> {
  return SmsRecipientPageSchema.parse(await api.get(`/sms-user${queryString({ ...q })}`));
}

export async function createSmsRecipient(body: SmsRecipientBody): Promise<SmsRecipient> {
  return SmsRecipientSchema.parse(await api.post('/sms-user', body, { errorHandling: 'no-toast' }));
}

export async function updateSmsRecipient(id: number, body: SmsRecipientBody): Promise<SmsRecipient> {
  return SmsRecipientSchema.parse(await api.put(`/sms-user/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteSmsRecipient(id: number): Promise<void> {
  await api.delete(`/sms-user/${id}`, { errorHandling: 'no-toast' });
}

// ---------- send history ----------

/** Sends again a message whose delivery is unknown (UNCERTAIN) or that failed (#22); the server answers 409 otherwise. */
export async function resendSms(id: number): Promise<SmsHistory> {
  return SmsHistorySchema.parse(await api.post(`/sms-history/${id}/resend`, {}));
}

/** The messages sent, newest first. */
export async function fetchSmsHistory(q: PageQuery): Promise<Paged<SmsHistory>> {
  return SmsHistoryPageSchema.parse(await api.get(`/sms-history${queryString({ ...q })}`));
}

// ---------- residents' subscriptions (#24, point 5) ----------

/** Confirmed subscribers of every commune by channel (zeros included), for holders of `sms`. */
export async function fetchSubscriberCounts(): Promise<SubscriberCount[]> {
  return SubscriberCountsSchema.parse(await api.get('/subscriber-counts'));
}

/** The path of a commune's list of subscribers (CSV), for `downloadFile`. */
export function subscriberExportPath(commune: string): string {
  return `/subscriber-export${queryString({ commune })}`;
}

/**
 * Downloads a commune's list of subscribers (CSV) under the server's file name, which it returns. Only the system
 * account may: the server's 403 saying so is not a lost permission, so it is not handled globally (which would
 * reload the user and send staff home) but said by the caller, as the server words it.
 */
export async function exportSubscribers(commune: string): Promise<string> {
  return downloadFile(subscriberExportPath(commune), `nguoi-dang-ky-${commune}.csv`, 'none');
}

/**
 * A commune's own list of phone numbers: each new number is invited by SMS to confirm with a code. System account
 * only (403 said by the caller, as for the export); 409 when the portal has no PUBLIC_URL for the invitation's link.
 */
export async function importSubscribers(body: SubscriberImportBody): Promise<SubscriberImportResult> {
  return SubscriberImportResultSchema.parse(await api.post('/subscriber-import', body, { errorHandling: 'none' }));
}
