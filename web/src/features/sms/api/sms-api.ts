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
} from '@flood/domain';
import { api } from '../../../lib/api/client';
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
