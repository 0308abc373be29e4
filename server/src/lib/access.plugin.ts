import type { FastifyInstance } from 'fastify';
import { type Access, enforceAccess } from './actor';
import './fastify-augment';

/** An API route as registered, for the permission test that walks them all. */
export interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access;
}

/** Paths served by plugins (OpenAPI UI) rather than by feature routes. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * Resolves the bearer token of every API request and applies the route's declared access before the body
 * is even validated, so an anonymous caller learns nothing but 401.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveToken: (token: string) => Promise<import('./actor').Actor | undefined>,
): void {
  app.decorateRequest('actor', undefined);
  const apiRoutes: ApiRouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocs(route.url) || route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access: route.config.access });
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    request.actor = await resolveToken(header.slice(7).trim());
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access) enforceAccess(access, request.actor);
  });

  // An API answer is never stored by a browser or proxy unless its route chose a caching policy: a session
  // token (login) or a signed-in caller's data must not outlive the session in a cache (ASVS 8.2.1).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !isDocs(request.url.split('?')[0]!) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
