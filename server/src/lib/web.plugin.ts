import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every unknown
 * non-API path answered with the app itself (it shows its own 404 page). Unknown API paths get JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  const indexHtml = hasWeb ? await readFile(indexPath) : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: `Không tìm thấy đường dẫn ${request.method} ${url}`,
        requestId: request.id,
      });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Giao diện web chưa được build. Chạy: npm run build\nThe web app is not built. Run: npm run build');
    }
    return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
