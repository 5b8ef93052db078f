import { useEffect, useRef } from 'react';

/** Calls `onVisible` when the sentinel scrolls near the viewport (infinite scroll). */
export function useSentinel(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && callback.current(), { rootMargin: '600px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}
