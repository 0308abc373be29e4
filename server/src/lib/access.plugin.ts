import type { FastifyInstance } from 'fastify';
import { enforceAccess } from './actor';
import './fastify-augment';

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

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocs(route.url) || route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
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
}
