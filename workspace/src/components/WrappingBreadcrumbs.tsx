import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { Box } from '@mantine/core';

export interface WrappingBreadcrumbsProps {
  children: ReactNode;
  separator?: ReactNode;
}

/**
 * A breadcrumb trail that wraps on narrow screens with each separator kept with the item before it:
 * a wrapped line ends with "/" and the next one starts with an item, never with a separator
 * (Mantine's Breadcrumbs puts the separators apart, so a line could start with "/ Pages").
 * Falsy children are skipped; long items may still break inside themselves (overflowWrap on the item).
 */
export function WrappingBreadcrumbs({ children, separator = '/' }: WrappingBreadcrumbsProps) {
  const items = Children.toArray(children).filter((child) => isValidElement(child) || (typeof child === 'string' && child !== ''));
  return (
    <Box style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 6, rowGap: 4 }}>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index === items.length - 1 ? (
            item
          ) : (
            <span style={{ display: 'inline-flex', alignItems: 'baseline', gap: 6, minWidth: 0, maxWidth: '100%' }}>
              <span style={{ minWidth: 0 }}>{item}</span>
              <Box component="span" aria-hidden c="gray.7" fz="sm">
                {separator}
              </Box>
            </span>
          )}
        </Fragment>
      ))}
    </Box>
  );
}
