import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders } from './CitableProviders';
import { lazyPage, RouteErrorBoundary } from './lazyPage';

function renderAt(path: string, routes: React.ReactNode) {
  return render(
    <CitableProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
    </CitableProviders>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('lazyPage', () => {
  it('shows the fallback, then the page', async () => {
    const Page = lazyPage(async () => () => <p>page body</p>, <p>loading…</p>);
    renderAt('/', <Route path="/" element={<Page />} />);
    expect(screen.getByText('loading…')).toBeInTheDocument();
    expect(await screen.findByText('page body')).toBeInTheDocument();
  });

  it('a failed download shows the error panel, and Retry downloads the page again', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Loading chunk 42 failed');
      return () => <p>page body</p>;
    }, <p>loading…</p>);
    renderAt('/', <Route path="/" element={<Page />} />);
    const panel = await screen.findByTestId('page-error');
    expect(panel).toHaveTextContent('Loading chunk 42 failed');
    fireEvent.click(screen.getByRole('button', { name: /retry|réessayer/i }));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});

describe('RouteErrorBoundary', () => {
  it('shows the panel, with the error, in place of a page that throws', async () => {
    function Broken(): never {
      throw new Error('render bug');
    }
    renderAt(
      '/broken',
      <>
        <Route
          path="/broken"
          element={
            <RouteErrorBoundary>
              <Broken />
            </RouteErrorBoundary>
          }
        />
      </>,
    );
    expect(await screen.findByTestId('page-error')).toHaveTextContent('render bug');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('clears the error when the location changes', async () => {
    let shouldThrow = true;
    function Flaky() {
      if (shouldThrow) throw new Error('first render fails');
      return <p>rendered</p>;
    }
    function Nav() {
      return <Link to="/b">go to b</Link>;
    }
    renderAt(
      '/a',
      <Route
        path="/:slug"
        element={
          <>
            <Nav />
            <RouteErrorBoundary>
              <Flaky />
            </RouteErrorBoundary>
          </>
        }
      />,
    );
    expect(await screen.findByTestId('page-error')).toBeInTheDocument();
    shouldThrow = false;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'go to b' })));
    expect(await screen.findByText('rendered')).toBeInTheDocument();
    expect(screen.queryByTestId('page-error')).not.toBeInTheDocument();
  });
});
