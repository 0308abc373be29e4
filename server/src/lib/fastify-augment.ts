import type { ApiRouteInfo } from './access.plugin';
import type { Access, Actor } from './actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, when the request carries a live bearer token. */
    actor: Actor | undefined;
  }
  interface FastifyInstance {
    /** Lets the fast lane answer before Fastify (app/http-server.ts); absent on a bare Fastify (tests). */
    openFrontDoor?: (door: import('../app/http-server').FrontDoor) => void;
    /** The fast lane of hot public reads (lib/hot-reads.ts). */
    hotReads: import('./hot-reads').HotReads;
    /** Every API route with its declared access (filled as routes register). */
    apiRoutes: ApiRouteInfo[];
    /** The alert engine and the outbox worker (tests wait for them to settle). */
    alertEngine: import('../features/alerts/alert-engine').AlertEngine;
    dispatcher: import('../features/alerts/dispatcher').Dispatcher;
    /** Reminders of unacknowledged level II/III alerts to the on-duty list (#22; tests call `check`). */
    escalations: import('../features/alerts/escalation').Escalations;
    /** Renewal of the CAP messages of open automatic alerts before they expire (#23; tests call `check`). */
    capRenewal: import('../features/alerts/cap-renewal').CapRenewal;
    /** The area the portal serves and its units (#26): names, communes with boundaries, map view. */
    area: import('../features/area/area.service').AreaService;
    /** Officers' warnings in force (#23), as the public sees them (the banner; the dashboard's first view, #25). */
    activeWarnings: (unit?: string) => Promise<import('@flood/domain').PublicWarning[]>;
    /** Residents' subscriptions (#24): what alerts, their cancels and officers' warnings add for subscribers. */
    subscriberRouting: import('../features/subscriptions/subscriber-messages').SubscriberRouting;
    /** Flood events from the readings and the flood analysis queue (tests wait for them, issue #10). */
    floodEventDetector: import('../features/flood-events/flood-events.detector').FloodEventDetector;
    floodAnalysis: import('../features/flood-analysis/flood-analysis.service').FloodAnalysisService;
  }
  interface FastifyContextConfig {
    /** Every API route declares who may call it; the app refuses to start otherwise. */
    access?: Access;
    /** A public read whose answer to anonymous callers is kept until these events (lib/hot-reads.ts, #25 point 5). */
    hot?: import('./hot-reads').HotRoute;
  }
}
