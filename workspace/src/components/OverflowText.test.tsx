/**
 * Long text in the tables and the breadcrumb: one line cut with an ellipsis (rows keep their height),
 * the whole text on hover and on keyboard focus; the one breadcrumb of the workspace's screens.
 * jsdom lays nothing out: the widths are given to the line.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import { OverflowText } from './OverflowText';
import { WorkspaceBreadcrumbs } from './WorkspaceBreadcrumbs';

const LONG = `Pain d’épices ${'au miel de châtaignier '.repeat(22)}`.trim();

function widths(scrollWidth: number, clientWidth: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

const renderIn = (node: React.ReactNode) =>
  render(
    <CitableProviders withNotifications={false}>
      <MemoryRouter>{node}</MemoryRouter>
    </CitableProviders>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});
afterEach(() => jest.restoreAllMocks());

describe('OverflowText', () => {
  it('cuts a long text on one line and shows it whole on focus', async () => {
    widths(2400, 320);
    renderIn(<OverflowText text={LONG} data-testid="line" />);
    const line = screen.getByTestId('line');
    expect(line).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' });
    expect(line).toHaveAttribute('data-cut', 'true');
    // reachable by keyboard, since it is cut
    expect(line).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('tooltip')).toBeNull();
    // (the hover is checked in a real browser: e2e/tests/workspace-forms.spec.ts)
    fireEvent.focus(line);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    fireEvent.blur(line);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a text that fits has no tooltip and no extra tab stop', async () => {
    widths(120, 320);
    renderIn(<OverflowText text="Éclair" data-testid="line" />);
    const line = screen.getByTestId('line');
    expect(line).not.toHaveAttribute('tabindex');
    fireEvent.focus(line);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('around a link, the link keeps the focus and opens the tooltip', async () => {
    widths(2400, 320);
    renderIn(
      <OverflowText text={LONG} childIsFocusable data-testid="line">
        <a href="/p/1">{LONG}</a>
      </OverflowText>,
    );
    expect(screen.getByTestId('line')).not.toHaveAttribute('tabindex');
    fireEvent.focus(screen.getByRole('link'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  });
});

describe('WorkspaceBreadcrumbs', () => {
  const trail = () => within(screen.getByRole('navigation', { name: 'Fil d’Ariane' }));
  const texts = () => Array.from(screen.getByTestId('breadcrumb').querySelectorAll('a, [aria-current]')).map((n) => n.textContent);

  it('is the same trail on every screen, as deep as the screen', () => {
    const { unmount } = renderIn(<WorkspaceBreadcrumbs site={{ id: 4, name: 'Boulangerie Martin' }} />);
    expect(texts()).toEqual(['Tableau de bord', 'Mes sites', 'Boulangerie Martin']);
    expect(trail().getByText('Boulangerie Martin')).toHaveAttribute('aria-current', 'page');
    unmount();

    const list = renderIn(<WorkspaceBreadcrumbs site={{ id: 4, name: 'Boulangerie Martin' }} pages />);
    expect(texts()).toEqual(['Tableau de bord', 'Mes sites', 'Boulangerie Martin', 'Pages']);
    expect(trail().getByRole('link', { name: 'Boulangerie Martin' })).toHaveAttribute('href', '/sites/4');
    list.unmount();

    renderIn(<WorkspaceBreadcrumbs site={{ id: 4, name: 'Boulangerie Martin' }} page={{ id: 9, name: 'Éclair' }} pagesSearch="?q=pain" current="Mots-clés" />);
    expect(texts()).toEqual(['Tableau de bord', 'Mes sites', 'Boulangerie Martin', 'Pages', 'Éclair', 'Mots-clés']);
    expect(trail().getByRole('link', { name: 'Pages' })).toHaveAttribute('href', '/sites/4/pages?q=pain');
    expect(trail().getByRole('link', { name: 'Éclair' })).toHaveAttribute('href', '/sites/4/pages/9');
    expect(trail().getByText('Mots-clés')).toHaveAttribute('aria-current', 'page');
  });
});
