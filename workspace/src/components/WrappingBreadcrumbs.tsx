import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { Box } from '@mantine/core';

export interface WrappingBreadcrumbsProps {
  children: ReactNode;
  separator?: ReactNode;
}

/**
 * A breadcrumb trail that wraps on narrow screens like a sentence: the items are inline text, each
 * separator follows its item's last word (a no-break space before it), so a wrapped item ends with
 * "/" right after its text, never pushed to the far right (audit 12 P1), and a line never starts with
 * a separator (Mantine's Breadcrumbs puts the separators apart, so a line could start with "/ Pages").
 * An item may be an inline-block (a name cut with an ellipsis). Falsy children are skipped.
 */
export function WrappingBreadcrumbs({ children, separator = '/' }: WrappingBreadcrumbsProps) {
  const items = Children.toArray(children).filter((child) => isValidElement(child) || (typeof child === 'string' && child !== ''));
  return (
    <Box style={{ lineHeight: 1.7, overflowWrap: 'anywhere' }} data-trail>
      {items.map((item, index) => (
        <Fragment key={index}>
          {item}
          {index < items.length - 1 && (
            <>
              <Box component="span" aria-hidden c="gray.7" fz="sm" data-separator>
                {'\u00a0'}
                {separator}
              </Box>{' '}
            </>
          )}
        </Fragment>
      ))}
    </Box>
  );
}
