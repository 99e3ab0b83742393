import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DataError } from '@citable/shared/data';
import { renderWithProviders, setLanguage } from '../../../testing/render';
import { ClaimButton } from './ClaimButton';
import { ClaimDialogProvider } from '../hooks/useClaimDialog';
import type { ClaimSubmitter } from '../hooks/useClaimSubmit';

beforeAll(() => setLanguage('en'));
beforeEach(() => act(() => notifications.clean()));

function renderLanding(submit: ClaimSubmitter) {
  return renderWithProviders(
    <ClaimDialogProvider submit={submit}>
      <ClaimButton />
    </ClaimDialogProvider>,
    { route: '/home-1' },
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Claim your free article' }));
  return screen.findByRole('dialog');
}

describe('free-article dialog', () => {
  it('shows the pitch and the Website Information form, and validates URL and e-mail', async () => {
    const submit = jest.fn<ReturnType<ClaimSubmitter>, Parameters<ClaimSubmitter>>();
    const user = userEvent.setup();
    renderLanding(submit);
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('Get Your Free, SEO-Optimized Article')).toBeInTheDocument();
    expect(within(dialog).getByText("This Isn't Just Another AI Article")).toBeInTheDocument();
    expect(within(dialog).getByText("What's the Catch?")).toBeInTheDocument();
    expect(within(dialog).getByText('Website Information')).toBeInTheDocument();
    // Sophie Moreau's review card shows her initials
    expect(within(dialog).getByText('Sophie Moreau, Founder, Atelier Lumen')).toBeInTheDocument();
    expect(within(dialog).getByTestId('testimonial-initials')).toHaveTextContent(/^SM$/);

    await user.click(within(dialog).getByRole('button', { name: 'Get my free article' }));
    expect(await within(dialog).findByText('Please enter your website address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Website URL/), 'not a site');
    await user.click(within(dialog).getByRole('button', { name: 'Get my free article' }));
    expect(await within(dialog).findByText('Please enter a valid website address, for example example.com.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('submits the normalised URL, the e-mail and the page language, toasts success, closes and goes to /first-article-success', async () => {
    const submit = jest.fn<ReturnType<ClaimSubmitter>, Parameters<ClaimSubmitter>>(async () => ({ request_id: 7, site_id: 9 }));
    const user = userEvent.setup();
    renderLanding(submit);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'WWW.Example.com/');
    await user.type(within(dialog).getByLabelText(/^Email/), ' owner@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Get my free article' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ url: 'https://www.example.com', email: 'owner@example.com', language: 'en' }));
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText("Your information has been submitted successfully. We'll get started on your first article!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/first-article-success'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('on failure shows the error toast, stays open and keeps the values', async () => {
    const submit = jest.fn<ReturnType<ClaimSubmitter>, Parameters<ClaimSubmitter>>(async () => { throw new Error('boom'); });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderLanding(submit);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'example.org');
    await user.type(within(dialog).getByLabelText(/^Email/), 'owner@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Get my free article' }));
    expect(await screen.findByText('There was an error submitting your information. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Website URL/)).toHaveValue('https://example.org');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('owner@example.org');
    expect(screen.getByTestId('location')).toHaveTextContent('/home-1');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it.each([
    ['no connection', new DataError('network', 'TypeError: Failed to fetch', { status: 0 }), 'Cannot reach the server. Check your internet connection and try again.'],
    ['too many requests', new DataError('rate_limited', 'Too many requests', { status: 429 }), 'Too many requests in a short time. Please wait a few minutes before trying again.'],
    ['URL refused by the server', new DataError('invalid', 'Please enter a valid website URL.', { code: '22023', hint: 'url' }), 'Please enter a valid website address, for example example.com.'],
  ])('on failure (%s) the toast says what to do', async (_case, error, text) => {
    const submit = jest.fn<ReturnType<ClaimSubmitter>, Parameters<ClaimSubmitter>>(async () => { throw error; });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderLanding(submit);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'example.org');
    await user.type(within(dialog).getByLabelText(/^Email/), 'owner@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Get my free article' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    spy.mockRestore();
  });
});
