import type { TextsOf } from '../../../lib/i18n/texts-of';
import type { feedbackVi } from './vi';

/** English texts of the feedback form and list: the keys of `vi.ts`, no more, no fewer (checked by the type). */
export const feedbackEn: TextsOf<typeof feedbackVi> = {
  feedback: {
    intro: 'Send us your opinion, a report or a suggestion about rain, floods or this portal. Every field is required.',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone number',
    address: 'Address',
    content: 'Message',
    send: 'Send feedback',
    sending: 'Sending...',
    fillAll: 'Fill in all five fields to send your feedback.',
    sent: 'Your feedback has been sent',
    creator: 'Sender',
    createdAt: 'Created at',
    editTitle: 'Edit feedback',
    updated: 'Feedback updated',
    deleted: 'Feedback deleted',
  },
};
