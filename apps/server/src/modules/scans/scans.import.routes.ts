import rateLimit from '@fastify/rate-limit';
import {
  NMAP_IMPORTS_PER_MINUTE,
  NMAP_XML_MAX_CHARS,
  SCAN_MESSAGES,
  ZImportScanBody,
  ZScanListItem,
} from '@netguard/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { parseJsonStrings } from '../../lib/json-strings.ts';
import { requestMeta } from '../../lib/request-meta.ts';
import { caller } from '../../plugins/auth-guard.ts';
import { needs } from '../../plugins/permission-guard.ts';
import type { ScanService } from './scans.service.ts';

// JSON doubles a quote or a newline: any ASCII report of NMAP_XML_MAX_CHARS fits.
const BODY_LIMIT_BYTES = 2 * NMAP_XML_MAX_CHARS + 64 * 1024;

/**
 * POST /api/scans/import in a scope of its own: its body (up to 20 MB of JSON) is parsed a slice
 * at a time so that no request holds the event loop, and each organization gets
 * NMAP_IMPORTS_PER_MINUTE imports a minute.
 */
export const scanImportRoutes: FastifyPluginAsyncZod<{ scans: ScanService }> = async (
  app,
  { scans },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (_request: FastifyRequest, body: Buffer | string) =>
      parseJsonStrings(typeof body === 'string' ? Buffer.from(body) : body),
  );
  await app.register(rateLimit, { global: false });

  app.post(
    '/scans/import',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: {
        ...needs('scan', 'create'),
        rateLimit: {
          max: NMAP_IMPORTS_PER_MINUTE,
          timeWindow: 60_000,
          // The auth guard's onRequest hook runs first: the budget is the organization's.
          keyGenerator: (request) => request.auth?.organizationId ?? request.ip,
          errorResponseBuilder: () =>
            new AppError(
              'rate_limited',
              429,
              SCAN_MESSAGES.importRateLimited(NMAP_IMPORTS_PER_MINUTE),
            ),
        },
      },
      schema: { tags: ['scans'], body: ZImportScanBody, response: { 201: ZScanListItem } },
      // Rethrown errors go to the API's error handler; only the body limit gets its own words.
      errorHandler: (error) => {
        if ((error as FastifyError).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        throw new AppError('bad_request', 413, SCAN_MESSAGES.importTooLarge);
      },
    },
    async (request, reply) => {
      const scan = await scans.importNmap(caller(request), request.body, requestMeta(request));
      return reply.status(201).send(scan);
    },
  );
};
