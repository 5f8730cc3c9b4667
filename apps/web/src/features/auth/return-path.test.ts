import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to the dashboard page the guard redirected from', () => {
    expect(returnPath({ from: { pathname: '/dashboard/scan', search: '?x=1' } })).toBe(
      '/dashboard/scan?x=1',
    );
  });

  it('defaults to /dashboard without a usable origin', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/help' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '/dashboardx' } })).toBe('/dashboard');
    expect(returnPath({ from: { pathname: '//evil.example/dashboard' } })).toBe('/dashboard');
  });
});
