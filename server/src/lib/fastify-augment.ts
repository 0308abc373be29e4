import type { ApiRouteInfo } from './access.plugin';
import type { Access, Actor } from './actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, when the request carries a live bearer token. */
    actor: Actor | undefined;
  }
  interface FastifyInstance {
    /** Every API route with its declared access (filled as routes register). */
    apiRoutes: ApiRouteInfo[];
    /** The alert engine and the outbox worker (tests wait for them to settle). */
    alertEngine: import('../features/alerts/alert-engine').AlertEngine;
    dispatcher: import('../features/sms/dispatcher').Dispatcher;
  }
  interface FastifyContextConfig {
    /** Every API route declares who may call it; the app refuses to start otherwise. */
    access?: Access;
  }
}
