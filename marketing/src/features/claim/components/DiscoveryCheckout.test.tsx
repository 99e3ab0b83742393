import { fireEvent, screen, waitFor } from '@testing-library/react';
import { resetRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@citable/shared';
import { renderWithProviders, setLanguage } from '../../../testing/render';
import { ClaimDialogProvider } from '../hooks/useClaimDialog';
import { CheckoutError, checkoutErrorText, formatPrice, startCheckout, type CheckoutInput } from '../api/checkout';
import DiscoveryCheckout from './DiscoveryCheckout';
import { DiscoveryHeroAction, DiscoveryOfferAction } from './DiscoveryOfferAction';

const CONFIG = { publishableKey: 'pk_test_abc', priceCents: 100, currency: 'eur' } as const;
const BASE: RuntimeConfig = {
  supabaseUrl: 'http://backend.test',
  supabaseAnonKey: 'anon-key',
  remotes: { marketing: 'http://m.test', workspace: 'http://w.test', reviewer: 'http://r.test' },
  linkedinScriptUrl: null,
  siteUrl: 'http://site.test',
  contact: { email: 'hello@citable.test', phone: '', address: '' },
  checkout: null,
};

afterEach(() => resetRuntimeConfig());
afterAll(() => setLanguage('en'));

function fill(url: string, email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /URL/ }), { target: { value: url } });
  fireEvent.change(screen.getByRole('textbox', { name: /e-?mail/i }), { target: { value: email } });
}

describe.each([['fr'], ['en']] as const)('the discovery order form in %s', (lng) => {
  beforeAll(() => setLanguage(lng));

  it('sends the website, e-mail, language and page, then goes to Stripe\'s page', async () => {
    const start = jest.fn(async (_input: CheckoutInput) => 'https://checkout.stripe.test/pay/cs_1');
    const redirect = jest.fn();
    renderWithProviders(<DiscoveryCheckout config={CONFIG} start={start} redirect={redirect} />, { route: '/home-4-discovery' });
    const submit = await screen.findByRole('button', { name: lng === 'fr' ? 'Payer 1\u00a0€ par carte' : 'Pay €1 by card' });
    fill('boulangerie.fr', 'marie@boulangerie.fr');
    fireEvent.click(submit);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(start).toHaveBeenCalledWith({ url: 'https://boulangerie.fr', email: 'marie@boulangerie.fr', language: lng, returnPath: '/home-4-discovery' });
    // the page is leaving for Stripe's: the button stays busy
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('checks the fields before calling the server', async () => {
    const start = jest.fn();
    renderWithProviders(<DiscoveryCheckout config={CONFIG} start={start} redirect={jest.fn()} />);
    fill('pas une url', 'x');
    fireEvent.click(await screen.findByRole('button', { name: lng === 'fr' ? /Payer/ : /Pay/ }));
    expect(await screen.findByText(lng === 'fr' ? /adresse de site valide/ : /valid website/i)).toBeInTheDocument();
    expect(start).not.toHaveBeenCalled();
  });

  it('a second order for the same client is refused with a clear message; the button works again', async () => {
    const start = jest.fn(async () => {
      throw new CheckoutError('already_ordered', 'email', 'A first article was already ordered with this e-mail address.');
    });
    renderWithProviders(<DiscoveryCheckout config={CONFIG} start={start} redirect={jest.fn()} />);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fill('boulangerie.fr', 'marie@boulangerie.fr');
    fireEvent.click(await screen.findByRole('button', { name: lng === 'fr' ? /Payer/ : /Pay/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(lng === 'fr' ? 'déjà été commandé avec cette adresse e-mail\u00a0: l’offre découverte est limitée à une par client' : 'already ordered with this email address');
    expect(screen.getByRole('button', { name: lng === 'fr' ? /Payer/ : /Pay/ })).toBeEnabled();
  });

  it('back from a cancelled payment: says nothing was charged', async () => {
    renderWithProviders(<DiscoveryCheckout config={CONFIG} start={jest.fn()} redirect={jest.fn()} />, { route: '/home-4-discovery?checkout=cancelled' });
    expect((await screen.findByTestId('checkout-cancelled')).textContent).toContain(lng === 'fr' ? 'Rien n’a été débité' : 'Nothing was charged');
  });
});

describe('the offer\'s action follows the server\'s keys', () => {
  beforeAll(() => setLanguage('fr'));

  it('no keys: the free claim, not a word about payment', async () => {
    setRuntimeConfig(BASE);
    renderWithProviders(<ClaimDialogProvider><DiscoveryOfferAction /><DiscoveryHeroAction cta="Essayer pour 1 €" /></ClaimDialogProvider>);
    const buttons = await screen.findAllByRole('button', { name: 'Demander mon premier article' });
    expect(buttons).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/payer|paiement|carte|stripe|€/i);
    fireEvent.click(buttons[0]);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('keys: the order form in the card, the hero button leads to it', async () => {
    setRuntimeConfig({ ...BASE, checkout: CONFIG });
    renderWithProviders(<ClaimDialogProvider><DiscoveryOfferAction /><DiscoveryHeroAction cta="Essayer pour 1 €" /></ClaimDialogProvider>);
    expect(await screen.findByTestId('discovery-checkout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Essayer pour 1 €/ })).toHaveAttribute('href', '#pricing');
  });
});

describe('startCheckout and its errors', () => {
  const t = (key: string) => key;
  const answer = (status: number, body: unknown) => jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as unknown as Response);
  const input: CheckoutInput = { url: 'https://a.fr', email: 'a@a.fr', language: 'fr', returnPath: '/' };

  it('answers Stripe\'s URL', async () => {
    const fetchImpl = answer(200, { url: 'https://pay.test/cs', orderId: 1 });
    await expect(startCheckout(input, fetchImpl)).resolves.toBe('https://pay.test/cs');
    expect(fetchImpl).toHaveBeenCalledWith('/api/checkout', expect.objectContaining({ method: 'POST', body: JSON.stringify(input) }));
  });

  it.each([
    [409, { error: 'already_ordered', field: 'url' }, 'url', 'checkout.alreadyOrderedSite'],
    [409, { error: 'already_ordered', field: 'email' }, 'email', 'checkout.alreadyOrderedEmail'],
    [400, { error: 'invalid', field: 'email' }, 'email', 'claim.emailInvalid'],
    [429, { error: 'rate_limited' }, null, 'checkout.rateLimited'],
    [502, { error: 'payment_unavailable' }, null, 'checkout.unavailable'],
    [500, 'Internal Server Error', null, 'checkout.unknown'],
  ])('HTTP %i %j → %s: %s', async (status, body, field, text) => {
    const error = await startCheckout(input, answer(status, body)).catch((e: unknown) => e);
    expect(checkoutErrorText(error, t)).toEqual({ field, text });
  });

  it('no connection → the network text', async () => {
    const error = await startCheckout(input, jest.fn(async () => { throw new TypeError('Failed to fetch'); })).catch((e: unknown) => e);
    expect(checkoutErrorText(error, t).text).toBe('checkout.network');
  });

  it('formats the price as each language writes it', () => {
    expect(formatPrice(100, 'fr')).toBe('1\u00a0€');
    expect(formatPrice(150, 'fr')).toBe('1,50\u00a0€');
    expect(formatPrice(100, 'en')).toBe('€1');
  });
});
