import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TAuthState } from '@/features/auth/session-store';

const error = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => error(...args) } }));
const { showSecurityAlert, SECURITY_CENTER_PATH } = await import('./security-alert');

const alert = {
  type: 'security.alert' as const,
  event: {
    id: '00000000-0000-4000-8000-000000000001',
    event_type: 'security_violation' as const,
    severity: 'critical' as const,
    description: 'Tampering detected',
    created_at: '2026-11-25T12:00:00.000Z',
  },
};
const as = (role: string): TAuthState =>
  ({ status: 'signed-in', session: { user: { role } } }) as unknown as TAuthState;

describe('security alert toast', () => {
  it('shows admins a toast that leads to the Enterprise Security Center; others see nothing', () => {
    const navigate = vi.fn();
    const client = new QueryClient();
    expect(showSecurityAlert(client, alert, as('security_analyst'), navigate)).toBe(false);
    expect(error).not.toHaveBeenCalled();
    expect(showSecurityAlert(client, alert, as('admin'), navigate)).toBe(true);
    expect(error).toHaveBeenCalledTimes(1);
    const [title, options] = error.mock.calls[0] as [
      string,
      { description: string; action: { onClick: () => void } },
    ];
    expect(title).toBe('Critical security alert');
    expect(options.description).toContain('Tampering detected');
    options.action.onClick();
    expect(navigate).toHaveBeenCalledWith(SECURITY_CENTER_PATH);
  });
});
