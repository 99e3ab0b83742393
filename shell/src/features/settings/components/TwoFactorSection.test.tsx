import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { AuthApiError } from '@supabase/supabase-js';
import { authStore, type AuthResult } from '@citable/shared';
import { TwoFactorSection } from './TwoFactorSection';
import { fakeSession, renderWithProviders, resetAuthStore, switchToFrench } from '../../../testing/render';

const enrollment = { factorId: 'f1', qrCode: 'data:image/svg+xml;utf-8,<svg></svg>', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' };

function withFactor(status: 'verified' | 'unverified' | null) {
  const session = fakeSession();
  const factors = status ? [{ id: 'f1', factor_type: 'totp', status, created_at: '', updated_at: '', friendly_name: '' }] : [];
  const user = { ...session.user, factors } as typeof session.user;
  authStore.setState({ session: { ...session, user }, user, loading: false, isLoading: false });
}

beforeAll(switchToFrench);
beforeEach(() => {
  resetAuthStore();
  act(() => notifications.clean());
});

describe('settings: two-factor authentication', () => {
  it('turns it on: QR code and secret shown, a 6-digit code confirmed', async () => {
    withFactor(null);
    const enrollTotp = jest.fn(async () => ({ error: null, enrollment }));
    const confirmTotp = jest
      .fn()
      .mockResolvedValueOnce({ error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed') } as AuthResult)
      .mockImplementationOnce(async () => {
        withFactor('verified');
        return { error: null };
      });
    authStore.setState({ enrollTotp, confirmTotp });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection />);
    expect(screen.getByText('La double authentification est désactivée.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activer la double authentification' }));
    expect(await screen.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toHaveAttribute('src', enrollment.qrCode);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(enrollment.secret);
    const form = screen.getByRole('form', { name: 'Double authentification' });
    await user.click(within(form).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Saisissez les 6 chiffres du code')).toBeInTheDocument();
    expect(confirmTotp).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirmer' }));
    expect(confirmTotp).toHaveBeenCalledWith('f1', '123456');
    expect(await screen.findByText(/Code incorrect/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Code à 6 chiffres/), '654321');
    await user.click(within(form).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Double authentification activée')).toBeInTheDocument();
    expect(screen.getByText(/La double authentification est activée/)).toBeInTheDocument();
  });

  it('turns it off; an aal1 session is told to confirm its identity first', async () => {
    withFactor('verified');
    const unenrollFactor = jest
      .fn()
      .mockResolvedValueOnce({ error: new AuthApiError('AAL2 required to unenroll verified factor', 422, 'insufficient_aal') } as AuthResult)
      .mockImplementationOnce(async () => {
        withFactor(null);
        return { error: null };
      });
    authStore.setState({ unenrollFactor });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection />);
    await user.click(screen.getByRole('button', { name: 'Désactiver la double authentification' }));
    expect(unenrollFactor).toHaveBeenCalledWith('f1');
    expect(await screen.findByText(/Confirmez d’abord votre identité/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Désactiver la double authentification' }));
    expect(await screen.findByText('Double authentification désactivée')).toBeInTheDocument();
    expect(screen.getByText('La double authentification est désactivée.')).toBeInTheDocument();
  });
});
