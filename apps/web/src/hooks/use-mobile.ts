import { MOBILE_BREAKPOINT_PX } from '@netguard/contracts';
import { useEffect, useState } from 'react';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** True while the viewport is narrower than the mobile breakpoint (768 px). */
export function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(() =>
    typeof window === 'undefined' ? false : window.matchMedia(QUERY).matches,
  );

  useEffect(() => {
    const mql = window.matchMedia(QUERY);
    const onChange = () => setIsMobile(mql.matches);
    mql.addEventListener('change', onChange);
    onChange();
    return () => mql.removeEventListener('change', onChange);
  }, []);

  return isMobile;
}
