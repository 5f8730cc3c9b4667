import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider } from '@/features/auth/components/AuthProvider';
import { SubscriptionProvider } from '@/features/subscription/components/SubscriptionProvider';
import { createQueryClient } from '@/lib/query-client';
import { router } from '@/router';

/** Providers shared by every page, the router and the single toast outlet. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SubscriptionProvider>
          <RouterProvider router={router} />
          <Toaster richColors closeButton />
        </SubscriptionProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
