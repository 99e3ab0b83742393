import { useEffect, useState } from 'react';

/**
 * Whether a sideways-scrolling element hides content on its right (a wide table in a narrow screen):
 * measured on scroll and on resize of the element or of its content. Hand `ref` to the element.
 */
export function useMoreOnTheRight<T extends HTMLElement>(): { ref: (node: T | null) => void; moreRight: boolean } {
  const [node, setNode] = useState<T | null>(null);
  const [moreRight, setMoreRight] = useState(false);
  useEffect(() => {
    if (!node) return;
    const measure = () => setMoreRight(node.scrollLeft + node.clientWidth < node.scrollWidth - 1);
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    if (node.firstElementChild) observer?.observe(node.firstElementChild);
    return () => {
      node.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [node]);
  return { ref: setNode, moreRight };
}
