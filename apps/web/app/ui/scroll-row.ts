import { useCallback, useRef } from 'react';

/**
 * A row that scrolls sideways on a phone (tab rows, section navigation) must show that it does:
 * German labels are long, and a row cut at the screen edge looked complete, hiding the tabs past
 * it. The returned ref callback marks the element as a scroll row (`data-scroll-row`, styled in
 * app.css) and keeps `data-more-start` / `data-more-end` on it while content lies beyond either
 * edge, which fades that edge. The attributes are written directly so scrolling re-renders nothing.
 */
export function useScrollRow<T extends HTMLElement>(): (element: T | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((element: T | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!element) return;
    element.dataset.scrollRow = '';
    const update = () => {
      const start = Math.abs(element.scrollLeft);
      const room = element.scrollWidth - element.clientWidth;
      element.toggleAttribute('data-more-start', start > 1);
      element.toggleAttribute('data-more-end', room - start > 1);
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(element);
    cleanup.current = () => {
      element.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, []);
}
