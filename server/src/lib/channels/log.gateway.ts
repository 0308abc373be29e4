import { maskAddress } from '@flood/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelGateway } from './channel';

/**
 * A channel's messages written to the server log instead of sent (a demo station's simulated flood must never
 * reach a real phone): the address masked, the text's length only.
 */
export function createLogChannelGateway(channel: 'push' | 'zalo', logger: FastifyBaseLogger): ChannelGateway {
  return {
    name: 'log',
    afterInterruption: 'resend',
    async send(message) {
      logger.info(
        { [channel]: { to: maskAddress(channel, message.to), id: message.id, length: message.body.length } },
        `${channel} (log gateway)`,
      );
      return undefined;
    },
  };
}
