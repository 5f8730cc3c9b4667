import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../modules/audit/audit.repo.ts';

/** Client address and user agent, for audit rows and security events. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}
