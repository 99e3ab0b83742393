import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkedInConnect } from './LinkedInConnect';
import { renderWithProviders, switchToFrench } from '../../../testing/render';

beforeAll(switchToFrench);
afterEach(() => document.querySelectorAll('script[data-testid="linkedin-script"]').forEach((s) => s.remove()));

const script = () => document.querySelector<HTMLScriptElement>('script[data-testid="linkedin-script"]');

describe('LinkedInConnect', () => {
  it('says the integration is not configured when no script URL is set', () => {
    renderWithProviders(<LinkedInConnect userId="u-1" scriptUrl={null} />);
    expect(screen.getByText('Intégration LinkedIn non configurée')).toBeInTheDocument();
    expect(script()).toBeNull();
  });

  it("loads the helper script with the user's id, then shows it ready", () => {
    renderWithProviders(<LinkedInConnect userId="user-42" scriptUrl="https://oauth.example.com/linkedin.js" />);
    const tag = script();
    expect(tag).not.toBeNull();
    expect(tag?.src).toBe('https://oauth.example.com/linkedin.js?user_id=user-42');
    expect(tag?.dataset.userId).toBe('user-42');
    expect(screen.getByTestId('linkedin-container').id).toBe(tag?.dataset.container);
    expect(screen.getByText('Chargement du module LinkedIn…')).toBeInTheDocument();
    act(() => {
      tag?.dispatchEvent(new Event('load'));
    });
    expect(screen.queryByText('Chargement du module LinkedIn…')).not.toBeInTheDocument();
    expect(screen.getByTestId('linkedin-container')).toHaveAttribute('data-state', 'ready');
  });

  it('shows an error with a retry that loads the script again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LinkedInConnect userId="user-42" scriptUrl="https://oauth.example.com/linkedin.js" />);
    act(() => {
      script()?.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger le module LinkedIn');
    const first = script();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(script()).not.toBe(first);
    expect(document.querySelectorAll('script[data-testid="linkedin-script"]')).toHaveLength(1);
  });
});
