import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { DataError } from '@citable/shared/data';
import { renderWithProviders, setLanguage } from '../../../testing/render';
import type { ContactMessageInput } from '../api/submitContactMessage';
import { ContactForm } from './ContactForm';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<ContactMessageInput>) {
  if (values.name) await user.type(screen.getByLabelText(/^Name/), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^Email/), values.email);
  if (values.message) await user.type(screen.getByLabelText(/^Message/), values.message);
}

beforeAll(() => setLanguage('en'));
beforeEach(() => act(() => notifications.clean()));

describe('ContactForm', () => {
  it('shows each validation message and sends nothing', async () => {
    const send = jest.fn(async () => {});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="hello@citable.test" onSubmitMessage={send} />);
    await fill(user, { name: 'A', email: 'not-an-email', message: 'too short' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it("reads 'Sending...' and is disabled while busy, then toasts success and resets", async () => {
    const pending = deferred();
    const send = jest.fn(() => pending.promise);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="hello@citable.test" onSubmitMessage={send} />);
    await fill(user, { name: 'Marie Curie', email: 'marie@example.com', message: 'I would like a quote for 10 articles.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    expect(send).toHaveBeenCalledWith({ name: 'Marie Curie', email: 'marie@example.com', message: 'I would like a quote for 10 articles.' });
    await act(async () => pending.resolve());
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your message. We'll get back to you soon.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('toasts the failure with the contact address and keeps the values', async () => {
    const send = jest.fn(async () => { throw new Error('network down'); });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="hello@citable.test" onSubmitMessage={send} />);
    await fill(user, { name: 'Marie', email: 'marie@example.com', message: 'Hello, a question about pricing.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    expect(screen.getByText('Please try again or contact us directly at hello@citable.test.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Marie');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello, a question about pricing.');
    spy.mockRestore();
  });

  it('rate limited: says to wait, in the visitor\'s language, and keeps the values', async () => {
    const flood = new DataError('rate_limited', 'Too many messages were sent from this address. Please try again later.', { code: 'P0001', hint: 'rate_limited' });
    const send = jest.fn(async () => { throw flood; });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="hello@citable.test" onSubmitMessage={send} />);
    await fill(user, { name: 'Marie', email: 'marie@example.com', message: 'Hello, a question about pricing.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    expect(screen.getByText('Too many requests in a short time. Please wait a few minutes before trying again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello, a question about pricing.');
    act(() => notifications.clean());
    await setLanguage('fr');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Trop de demandes en peu de temps. Patientez quelques minutes avant de réessayer.')).toBeInTheDocument();
    await setLanguage('en');
    spy.mockRestore();
  });

  it('a field the server refused gets its message', async () => {
    const send = jest.fn(async () => { throw new DataError('invalid', 'Please enter a valid email address.', { code: '22023', hint: 'email' }); });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="hello@citable.test" onSubmitMessage={send} />);
    await fill(user, { name: 'Marie', email: 'marie@example.com', message: 'Hello, a question about pricing.' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Error sending message')).toBeInTheDocument();
    // under the field and in the toast
    expect(screen.getAllByText('Please enter a valid email address.')).toHaveLength(2);
    spy.mockRestore();
  });

  it('speaks French too', async () => {
    await setLanguage('fr');
    const user = userEvent.setup();
    renderWithProviders(<ContactForm contactEmail="x@y.fr" onSubmitMessage={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Le nom doit contenir au moins 2 caractères.')).toBeInTheDocument();
    await setLanguage('en');
  });
});
