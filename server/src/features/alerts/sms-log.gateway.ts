import { maskPhone } from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SmsGateway } from '../../lib/sms-gateway';
import { gatewayLog } from './gateway-log.table';

/**
 * The default gateway for a portal with no carrier contract yet: the message goes to the server log and
 * to the sms_outbox table (once per id), where staff and tests can read it.
 */
export function createLogSmsGateway(deps: { db: Db; logger: FastifyBaseLogger }): SmsGateway {
  return {
    name: 'log',
    // sms_outbox keeps a message id once: a resend is recorded once.
    afterInterruption: 'resend',
    async send(message) {
      // The log never carries a number in clear (#24); the table below keeps it for staff and tests.
      deps.logger.info(
        { sms: { to: maskPhone(message.to), purpose: message.purpose, id: message.id } },
        'SMS (log gateway)',
      );
      await deps.db
        .insert(gatewayLog)
        .values({
          phone: message.to,
          body: message.body,
          purpose: message.purpose,
          gateway: 'log',
          status: 'SENT',
          messageId: message.id ?? null,
        })
        .onConflictDoNothing();
    },
  };
}
