import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { smsVi } from './vi';

/**
 * English texts of SMS templates, recipients and history: the keys of `vi.ts`, no more, no fewer (checked by the type).
 */
export const smsEn: TextsOf<typeof smsVi> = {
  sms: {
    templates: 'Message templates',
    template: 'Message template',
    type: 'Type',
    createdAt: 'Created at',
    templateEditTitle: 'Edit message template',
    templateInvalid: 'Please update the message according to the description',
    templateUpdateSuccess: 'Message template updated',
    recipients: 'Recipients',
    recipientAdd: 'Add recipient',
    recipientCreateTitle: 'Add recipient',
    recipientEditTitle: 'Edit recipient',
    name: 'Name',
    description: 'Description',
    email: 'Email',
    phone: 'Phone number',
    recipientCreateSuccess: 'Recipient added',
    recipientUpdateSuccess: 'Recipient updated',
    recipientDeleteSuccess: 'Recipient deleted!',
    onDuty: 'On duty',
    onDutyLabel: 'On duty (reminded while an alert has nobody taking it)',
    purposeAlert: 'Alert',
    purposeEscalation: 'Reminder',
    purposeUpdate: 'Update',
    purposeCancel: 'Cancel',
    history: 'Send history',
    recipient: 'Recipient',
    body: 'Content',
    status: 'Status',
    confirmation: 'Confirmation',
    channelSms: 'SMS',
    channelEmail: 'Email',
    attempts: 'Attempts: {{count}}',
    lastError: 'Error: {{error}}',
    resend: 'Send again',
    resendTitle: 'Send this message again?',
    resendContent: 'It may have reached the recipient: sent again, they may get it twice.',
    resendFailedContent: 'The failed message will be sent again now.',
    resendDone: 'The message is queued to be sent again',
  },
};
