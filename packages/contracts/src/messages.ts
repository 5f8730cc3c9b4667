/** User-facing texts of the error catalogue (spec part 1 §8), kept verbatim. */
export const UI_TEXT = {
  signInError: 'Error signing in',
  signUpError: 'Error creating account',
  signUpSuccessTitle: 'Account created successfully',
  signUpSuccessDescription: 'Please check your email to verify your account',
  scanCreateError: 'Error creating scan',
  scanCreateFallback: 'Failed to create scan. Please try again.',
  scanStartErrorTitle: 'Scan created but failed to start',
  scanStartErrorDescription:
    "The scan has been saved but couldn't be started automatically. You can retry from the dashboard.",
  scanStartedTitle: 'Scan started successfully',
  scanFailedCard: 'Scan failed to complete. Please check your network configuration and try again.',
  /** Heading of a scan's notes: what it left out (the egress policy, the scope) and why. */
  scanNotesTitle: 'Not scanned',
  checkoutError: 'Error starting checkout',
  portalError: 'Error opening billing portal',
  signOutError: 'Error signing out',
  upgradeBanner: 'Upgrade to unlock advanced analytics and enterprise features.',
  scanNotice:
    'Only scan networks you own or have explicit permission to test. Unauthorized scanning may be illegal.',
  missingFieldsTitle: 'Missing required fields',
  missingFieldsDescription: 'Please provide a scan name, type, and at least one target.',
  noScansYet: 'No scans yet',
  startFirstScan: 'Start your first scan',
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
  authProviderMissing: 'useAuth must be used within an AuthProvider',
  subscriptionProviderMissing: 'useSubscription must be used within a SubscriptionProvider',
} as const;
