import { useEffect } from 'react';

/** The product name, the document title of screens that set none. */
export const DEFAULT_DOCUMENT_TITLE = 'Citable';

/**
 * Sets the document title while the calling screen is shown (in the visitor's language, as
 * the landing pages do with their own titles); back to the product name when it goes, unless
 * the next screen has already set its own.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (typeof document === 'undefined') return undefined;
    document.title = title;
    return () => {
      if (document.title === title) document.title = DEFAULT_DOCUMENT_TITLE;
    };
  }, [title]);
}
