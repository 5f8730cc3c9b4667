import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageSpinner } from '@/components/Spinner';
import { RouteErrorPage } from '@/features/app-errors/RouteErrorPage';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { RootLayout } from '@/routes/root-layout';

/** The route table of spec part 1 §2. */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: () => import('./routes/landing-page.tsx').then(toRoute) },
      { path: 'auth', lazy: () => import('./routes/auth-page.tsx').then(toRoute) },
      { path: 'help', lazy: () => import('./routes/help-page.tsx').then(toRoute) },
      // The test widgets run self-tests of this deployment: signed-in users only.
      {
        Component: RequireAuth,
        children: [
          { path: 'quick-test', lazy: () => import('./routes/quick-test-page.tsx').then(toRoute) },
          {
            path: 'comprehensive-test',
            lazy: () => import('./routes/comprehensive-test-page.tsx').then(toRoute),
          },
        ],
      },
      {
        path: 'dashboard',
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./routes/dashboard-layout.tsx').then(toRoute),
            children: [
              {
                index: true,
                lazy: () => import('./routes/dashboard-home-page.tsx').then(toRoute),
              },
              { path: 'scan', lazy: () => import('./routes/scan-page.tsx').then(toRoute) },
              { path: 'packets', lazy: () => import('./routes/packets-page.tsx').then(toRoute) },
              { path: 'topology', lazy: () => import('./routes/topology-page.tsx').then(toRoute) },
              { path: 'reports', lazy: () => import('./routes/reports-page.tsx').then(toRoute) },
              {
                path: 'scans',
                lazy: () => import('./routes/scan-history-page.tsx').then(toRoute),
              },
              {
                path: 'scans/:id',
                lazy: () => import('./routes/scan-detail-page.tsx').then(toRoute),
              },
              {
                path: 'vulnerabilities',
                lazy: () => import('./routes/vulnerabilities-page.tsx').then(toRoute),
              },
              { path: 'settings', lazy: () => import('./routes/settings-page.tsx').then(toRoute) },
              { path: 'billing', lazy: () => import('./routes/billing-page.tsx').then(toRoute) },
              {
                path: 'ai-risk-scoring',
                lazy: () => import('./routes/ai-risk-scoring-page.tsx').then(toRoute),
              },
              {
                path: 'cloud',
                lazy: () => import('./routes/cloud-integrations-page.tsx').then(toRoute),
              },
              {
                path: 'siem-integrations',
                lazy: () => import('./routes/siem-integrations-page.tsx').then(toRoute),
              },
              {
                path: 'automated-remediation',
                lazy: () => import('./routes/automated-remediation-page.tsx').then(toRoute),
              },
              {
                path: 'compliance-evidence',
                lazy: () => import('./routes/compliance-evidence-page.tsx').then(toRoute),
              },
              {
                path: 'enterprise-security',
                lazy: () => import('./routes/enterprise-security-page.tsx').then(toRoute),
              },
              {
                path: 'security-testing',
                lazy: () => import('./routes/security-testing-page.tsx').then(toRoute),
              },
              {
                path: 'system-test',
                lazy: () => import('./routes/system-test-page.tsx').then(toRoute),
              },
              // The help guide links to /dashboard/testing.
              { path: 'testing', element: <Navigate to="/dashboard/security-testing" replace /> },
            ],
          },
          // The built-in billing provider's checkout and portal: own tabs, outside the shell.
          {
            path: 'billing/checkout/:sessionId',
            lazy: () => import('./routes/billing-checkout-page.tsx').then(toRoute),
          },
          {
            path: 'billing/portal',
            lazy: () => import('./routes/billing-portal-page.tsx').then(toRoute),
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found-page.tsx').then(toRoute) },
    ],
  },
]);

function toRoute(module: { default: ComponentType }) {
  return { Component: module.default };
}
