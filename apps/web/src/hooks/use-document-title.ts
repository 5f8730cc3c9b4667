import { useEffect } from 'react';

/** Sets the browser tab title to "<title> | NetGuard" while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | NetGuard`;
  }, [title]);
}
