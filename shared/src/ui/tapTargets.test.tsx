import { render } from '@testing-library/react';
import { CitableProviders } from './CitableProviders';
import { TAP_TARGET_CSS, TOUCH_MEDIA_QUERY } from '../theme/tapTargets';

describe('44 px tap targets on touch screens, in one place (audit 12 X1)', () => {
  it('every app under CitableProviders gets the rule for icon-only and close buttons, on phones and coarse pointers only', () => {
    const { container } = render(
      <CitableProviders withNotifications={false}>
        <p>x</p>
      </CitableProviders>,
    );
    const style = container.ownerDocument.querySelector('style[data-citable="tap-targets"]');
    expect(style?.textContent).toBe(TAP_TARGET_CSS);
    expect(TAP_TARGET_CSS.startsWith(`@media ${TOUCH_MEDIA_QUERY}{`)).toBe(true);
    for (const selector of ['.mantine-ActionIcon-root::after', '.mantine-CloseButton-root::after', '.mantine-Modal-close.mantine-CloseButton-root']) {
      expect(TAP_TARGET_CSS).toContain(selector);
    }
    expect(TAP_TARGET_CSS).toContain('width:max(100%,2.75rem);height:max(100%,2.75rem)');
  });
});
