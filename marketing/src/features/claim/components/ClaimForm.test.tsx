import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, setLanguage } from '../../../testing/render';
import { ClaimForm } from './ClaimForm';

beforeAll(() => setLanguage('en'));

function renderForm(onSubmit = jest.fn(async () => true)) {
  renderWithProviders(<ClaimForm onSubmit={onSubmit} isLoading={false} />, { route: '/first-article' });
  return { onSubmit, url: screen.getByLabelText(/^Website URL/), email: screen.getByLabelText(/^Email/) };
}

describe('ClaimForm', () => {
  it('on an invalid submit marks both fields and puts the focus on the first wrong one', async () => {
    const user = userEvent.setup();
    const { onSubmit, url, email } = renderForm();
    await user.type(url, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Get my free article' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(url).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field’s error as soon as it is edited, and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Get my free article' }));
    expect(await screen.findByText('Please enter your website address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Website URL/)).toHaveFocus();
    await user.keyboard('e');
    expect(screen.queryByText('Please enter your website address.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Website URL/)).toHaveValue('e');
  });

  it('normalises the URL when the field is left, and says so when it is not an address', async () => {
    const user = userEvent.setup();
    const { url } = renderForm();
    await user.type(url, 'WWW.Example.com/blog/');
    await user.tab();
    expect(url).toHaveValue('https://www.example.com/blog');
    await user.clear(url);
    await user.type(url, 'not a site');
    await user.tab();
    expect(await screen.findByText('Please enter a valid website address, for example example.com.')).toBeInTheDocument();
  });

  it('submits the normalised values and empties the form when the claim succeeded', async () => {
    const user = userEvent.setup();
    const { onSubmit, url, email } = renderForm();
    await user.type(url, 'example.com');
    await user.type(email, ' owner@example.com ');
    await user.click(screen.getByRole('button', { name: 'Get my free article' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ url: 'https://example.com', email: 'owner@example.com' }));
    await waitFor(() => expect(url).toHaveValue(''));
    expect(email).toHaveValue('');
  });
});
