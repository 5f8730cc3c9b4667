import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>NetGuard</title></head>
<body><h1>NetGuard</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then restart the server.</p>
<p>The API is running: <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/**
 * Serves the built SPA from `distDir`. Any GET outside /api that is not a file gets index.html,
 * so client-side routes (and the SPA's own 404 page) work on reload. Unknown /api routes get 404 JSON.
 */
export async function registerWeb(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('not_found', 404, `No API route ${request.method} ${pathname}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('not_found', 404, `Cannot ${request.method} ${pathname}`);
    }
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    const file = path.join(distDir, pathname);
    const insideDist = file.startsWith(distDir + path.sep);
    if (insideDist && path.extname(pathname) && existsSync(file)) {
      return reply.sendFile(path.relative(distDir, file));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
