import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './SkipLink.css';

/** The id of the page's main region, which SkipLink leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/** Props of the element SkipLink leads to: its id, and focusable from script only. */
export const skipTargetProps = { id: MAIN_CONTENT_ID, tabIndex: -1, 'data-skip-target': true } as const;

/**
 * 'Aller au contenu': the first stop of the Tab key on every page, hidden until it has the focus
 * (WCAG 2.4.1). It moves the focus to the main region past the header, without changing the URL.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(MAIN_CONTENT_ID);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="cz-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('header.skipToContent')}
    </a>
  );
}
