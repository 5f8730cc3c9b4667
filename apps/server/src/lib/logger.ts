import { type DestinationStream, type LoggerOptions, pino } from 'pino';

const SECRET_QUERY = /([?&](?:confirm|reset|token|access_token)=)[^&#]*/gi;

/** Removes token values from a URL's query string before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

/**
 * The pino logger: JSON lines, with credentials and tokens redacted wherever they appear. On
 * stdout unless `destination` (tests capture the lines).
 */
export function createLogger(level: string, destination?: DestinationStream) {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-netguard-csrf"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'password',
        'token',
        'access_token',
        '*.password',
        '*.token',
        '*.access_token',
        '*.body.password',
        '*.body.token',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;
