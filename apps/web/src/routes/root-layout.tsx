import { Outlet, ScrollRestoration } from 'react-router';

/** The root of every route: the page plus scroll restoration between navigations. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
