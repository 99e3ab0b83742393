import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';

jest.mock('../lib/federation/remotes', () => ({
  resetRemote: jest.fn(),
  loadRemoteApp: jest.fn(async (name: string) => {
    if (name === 'workspace') throw new Error('workspace is down');
    return { default: () => <p>content of {name}</p> };
  }),
}));

import { RemoteView } from './RemoteView';

function renderAt(path: string) {
  render(
    <CitableProviders withNotifications={false}>
      <MemoryRouter initialEntries={[path]}>
        <nav>
          <Link to="/sites">to sites</Link>
          <Link to="/view/abc">to view</Link>
        </nav>
        <Routes>
          <Route path="/" element={<RemoteView remote="marketing" />} />
          <Route path="/view/:id" element={<RemoteView remote="reviewer" />} />
          <Route path="/sites" element={<RemoteView remote="workspace" />} />
        </Routes>
      </MemoryRouter>
    </CitableProviders>,
  );
}

describe('RemoteView', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  it('switches remotes when the route changes (no state carried over)', async () => {
    renderAt('/');
    expect(await screen.findByText('content of marketing')).toBeInTheDocument();
    fireEvent.click(screen.getByText('to sites'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The “workspace” part could not be loaded');
    fireEvent.click(screen.getByText('to view'));
    expect(await screen.findByText('content of reviewer')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
