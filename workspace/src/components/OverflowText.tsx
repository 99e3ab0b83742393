import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Tooltip } from '@mantine/core';

export interface OverflowTextProps {
  /** the whole text, shown in the tooltip when the line cuts it */
  text: string;
  /** what is shown on the one line (the text by default; a link around it, for instance) */
  children?: ReactNode;
  /** the widest the line may be (a table cell's width is not a limit by itself) */
  maw?: CSSProperties['maxWidth'];
  /** the children hold a focusable element (a link): its focus opens the tooltip, the line takes none */
  childIsFocusable?: boolean;
  'data-testid'?: string;
}

/** One line cut with an ellipsis: for the element inside OverflowText too (a link), so it is no wider than the line. */
export const ELLIPSIS: CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 };
const LINE = ELLIPSIS;
const isOverflowing = (node: Element | null) => node !== null && node.scrollWidth > node.clientWidth + 1;

/**
 * One line of text, cut with an ellipsis when it is too long (a 500-character page name, a
 * 300-character keyword), so a row keeps its height. When it is cut the whole text shows in a tooltip
 * on hover, on keyboard focus and on a tap (phones have no hover): the line then takes the focus itself, unless it holds a focusable
 * element (a link), whose focus opens the tooltip.
 */
export function OverflowText({ text, children, maw, childIsFocusable = false, 'data-testid': testId }: OverflowTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [isCut, setIsCut] = useState(false);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    // the line, or the element it holds (styled with ELLIPSIS), is cut
    const measure = () => setIsCut(isOverflowing(node) || isOverflowing(node.firstElementChild));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [text]);

  return (
    <Tooltip
      label={text}
      disabled={!isCut}
      events={{ hover: true, focus: true, touch: true }}
      multiline
      maw="min(32rem, 90vw)"
      withArrow
      position="bottom-start"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Box
        ref={ref}
        className="mantine-focus-auto"
        style={{ ...LINE, maxWidth: maw }}
        tabIndex={isCut && !childIsFocusable ? 0 : undefined}
        data-testid={testId}
        data-cut={isCut || undefined}
      >
        {children ?? text}
      </Box>
    </Tooltip>
  );
}
