import { fireEvent, render, screen, within } from '@testing-library/react';
import { SideBySideDiff } from './SideBySideDiff';

const labels = { previousLabel: 'Version précédente', currentLabel: 'Version actuelle', identicalText: 'Les versions sont identiques' };

function setNarrow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('SideBySideDiff', () => {
  beforeEach(() => setNarrow(false));

  it('shows the identical text instead of the panes', () => {
    render(<SideBySideDiff previous={'<p>a</p>\r\n'} current="<p>a</p>" {...labels} />);
    expect(screen.getByRole('status')).toHaveTextContent('Les versions sont identiques');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('two labelled panes in one scroll area of at most 500 px, changed words in <del>/<ins>, spacers aligned', () => {
    const { container } = render(
      <SideBySideDiff previous={'<h1>T</h1>\n<p>Le chat dort.</p>'} current={'<h1>T</h1>\n<p>Le chien dort.</p>\n<p>Fin</p>'} {...labels} />,
    );
    const region = screen.getByRole('region', { name: 'Comparison of the two versions' });
    expect(region).toHaveStyle({ maxHeight: '500px' });
    // a short diff is as high as its lines: no fixed height
    expect(region.style.height).toBe('');
    expect(screen.getByTestId('diff-previous-label')).toHaveTextContent('Version précédente');
    expect(screen.getByTestId('diff-current-label')).toHaveTextContent('Version actuelle');
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['unchanged', 'changed', 'added']);
    expect(container.querySelector('del')).toHaveTextContent('chat');
    expect(container.querySelector('ins')).toHaveTextContent('chien');
    expect(rows[2].querySelectorAll('td.cdiff-spacer')).toHaveLength(2);
  });

  it('renders HTML source as text, never as markup', () => {
    (window as unknown as { __xss?: boolean }).__xss = false;
    const { container } = render(
      <SideBySideDiff previous="<p>a</p>" current={'<img src=x onerror="window.__xss=true"><script>window.__xss=true</script>'} {...labels} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror="window.__xss=true">');
  });

  it('below 768 px: one column, − then + lines', () => {
    setNarrow(true);
    render(<SideBySideDiff previous="<p>un deux</p>" current="<p>un trois</p>" {...labels} />);
    expect(screen.getByTestId('side-by-side-diff')).toHaveAttribute('data-layout', 'unified');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['deleted', 'added']);
    expect(rows[0]).toHaveTextContent('Deleted');
    // the legend: the table's caption over the whole width, the two versions on lines of their own
    const caption = screen.getByTestId('diff-previous-label').closest('caption');
    expect(caption).not.toBeNull();
    expect(screen.getByRole('table')).toHaveAccessibleName(/Version précédente.*Version actuelle/);
    expect(screen.getByTestId('diff-previous-label')).toHaveClass('cdiff-legend');
    expect(screen.getByTestId('diff-current-label')).toHaveTextContent('Version actuelle');
  });

  it('folds long unchanged runs behind a button that shows them', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `ligne ${i}`);
    const changed = lines.map((l, i) => (i === 20 ? 'ligne vingt modifiée' : l));
    render(<SideBySideDiff previous={lines.join('\n')} current={changed.join('\n')} {...labels} labels={{ showUnchanged: (n) => `Afficher ${n} lignes` }} />);
    const button = screen.getByRole('button', { name: 'Afficher 17 lignes' });
    expect(screen.queryByText('ligne 0', { exact: false, selector: 'td' })).toBeNull();
    fireEvent.click(button);
    expect(screen.queryByRole('button', { name: 'Afficher 17 lignes' })).toBeNull();
    expect(screen.getAllByRole('row').length).toBeGreaterThan(25);
  });
});

describe('SideBySideDiff on a huge diff', () => {
  it('renders maxRows rows first, then the next ones on demand', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `ligne ${i}`);
    render(<SideBySideDiff previous="" current={lines.join('\n')} {...labels} maxRows={20} />);
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('data-kind') === 'added')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more lines' }));
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('data-kind') === 'added')).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: 'Show 10 more lines' }));
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('data-kind') === 'added')).toHaveLength(50);
    expect(screen.queryByTestId('diff-show-more')).toBeNull();
  });
});
