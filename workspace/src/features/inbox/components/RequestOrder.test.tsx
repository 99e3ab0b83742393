/**
 * A request's discovery order in the inbox (issue 34): the "order paid" badge, Refund confirmed then
 * asked of the shell server with the staff member's token, the refusals in the staff member's language.
 * The server's own rules: server/src/__tests__/checkout.test.ts.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import { createQueryClient, QueryProvider } from '@citable/shared/query';
import '../i18n';
import { RequestOrder } from './RequestOrder';
import type { RequestOrder as Order } from '../api/orders';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

const PAID: Order = { id: 7, status: 'paid', amount_cents: 100, currency: 'eur', paid_at: new Date(Date.now() - 3_600_000).toISOString(), refunded_at: null };

function renderOrder(orders: Order[] | null) {
  return render(
    <QueryProvider client={createQueryClient()}>
      <CitableProviders>
        <RequestOrder orders={orders} who="boulangerie.fr" />
      </CitableProviders>
    </QueryProvider>,
  );
}

let fetchMock: jest.Mock;
beforeEach(async () => {
  await i18n.changeLanguage('fr');
  load.mockResolvedValue({ auth: { getSession: async () => ({ data: { session: { access_token: 'staff-token' } } }) } } as never);
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

describe('RequestOrder', () => {
  it('a free claim shows nothing', () => {
    const { container } = renderOrder([]);
    expect(container.querySelector('[data-testid="inbox-order"]')).toBeNull();
    renderOrder([{ ...PAID, status: 'expired' }]);
    expect(screen.queryByTestId('inbox-order')).toBeNull();
  });

  it('a paid order: its badge, and Refund asks first, then refunds with the staff token', async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ orderId: 7, status: 'refunded' }) });
    renderOrder([PAID]);
    expect(screen.getByTestId('inbox-order')).toHaveTextContent(/Commande payée 1\s€/);
    fireEvent.click(screen.getByRole('button', { name: 'Rembourser la commande de 1\u00a0€ de boulangerie.fr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser 1\u00a0€\u00a0?' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rembourser 1\u00a0€' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/orders/7/refund', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer staff-token' }) })));
    await waitFor(() => expect(document.body.textContent).toContain('1\u00a0€ remboursé à boulangerie.fr.'));
  });

  it('a refusal is said in the staff member\'s language', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue({ ok: false, status: 409, json: async () => ({ error: 'already_refunded', message: 'This order was already refunded' }) });
    renderOrder([PAID]);
    fireEvent.click(screen.getByRole('button', { name: /Rembourser la commande/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rembourser 1\u00a0€' }));
    expect(await screen.findByText('Cette commande a déjà été remboursée.')).toBeInTheDocument();
  });

  it('a refunded order: its badge, no Refund', () => {
    renderOrder([{ ...PAID, status: 'refunded', refunded_at: new Date().toISOString() }]);
    expect(screen.getByTestId('inbox-order')).toHaveTextContent(/Commande remboursée 1\s€/);
    expect(screen.queryByRole('button', { name: /Rembourser/ })).toBeNull();
  });
});
