import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { smsOutbox } from './sms.table';

export type SmsPurpose = 'PHONE_VERIFICATION' | 'FLOOD_WARNING' | 'RAIN_WARNING';

export interface SmsMessage {
  to: string;
  body: string;
  purpose: SmsPurpose;
}

/** Where SMS leave the portal; a carrier's HTTP API plugs in behind this interface. */
export interface SmsGateway {
  readonly name: string;
  send(message: SmsMessage): Promise<{ status: 'SENT' | 'FAILED' }>;
}

/**
 * The default gateway for a portal with no carrier contract yet: the message goes to the server log and
 * to the sms_outbox table, where staff (and tests) can read it.
 */
export function createLogSmsGateway(deps: { db: Db; logger: FastifyBaseLogger }): SmsGateway {
  return {
    name: 'log',
    async send(message) {
      deps.logger.info({ sms: { to: message.to, purpose: message.purpose, body: message.body } }, 'SMS (log gateway)');
      await deps.db.insert(smsOutbox).values({
        phone: message.to,
        body: message.body,
        purpose: message.purpose,
        gateway: 'log',
        status: 'SENT',
      });
      return { status: 'SENT' };
    },
  };
}
