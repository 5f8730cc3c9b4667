import { z } from 'zod';

export const TEXT_MESSAGES = {
  nul: 'Text must not contain the NUL character (\\u0000, %00)',
} as const;

/**
 * A string input of a request: every one is built here, so that a NUL character (which
 * PostgreSQL text cannot hold, and which C programs such as tcpdump read as the end) is refused
 * with a 400 on every route instead of failing deeper down. Chain the usual rules after it.
 * @example textField().trim().min(1).max(100)
 */
export function textField(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes('\u0000'), TEXT_MESSAGES.nul);
}
