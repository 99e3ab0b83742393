import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { home3Faq, home4Faq } from '../locales/en/faq';
import { renderWithProviders, setLanguage } from '../testing/render';
import { FaqAccordion } from './FaqAccordion';

beforeAll(() => setLanguage('en'));

const control = (question: string) => screen.getByRole('button', { name: question });

describe('FaqAccordion', () => {
  it('opens one item at a time and closes the open one on a second click', async () => {
    const items = home4Faq;
    const user = userEvent.setup();
    renderWithProviders(<FaqAccordion items={items} />);
    expect(items).toHaveLength(5);
    for (const item of items) expect(control(item.question)).toHaveAttribute('aria-expanded', 'false');

    await user.click(control(items[0].question));
    expect(control(items[0].question)).toHaveAttribute('aria-expanded', 'true');

    await user.click(control(items[2].question));
    expect(control(items[2].question)).toHaveAttribute('aria-expanded', 'true');
    expect(control(items[0].question)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(control(items[2].question));
    expect(control(items[2].question)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('groups categorised items under their category, still one open across groups', async () => {
    const items = home3Faq;
    const user = userEvent.setup();
    renderWithProviders(<FaqAccordion items={items} />);
    expect(screen.getByRole('heading', { name: 'Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    const first = items.find((i) => i.category === 'Service')!;
    const second = items.find((i) => i.category === 'Billing')!;
    await user.click(control(first.question));
    await user.click(control(second.question));
    expect(control(first.question)).toHaveAttribute('aria-expanded', 'false');
    expect(control(second.question)).toHaveAttribute('aria-expanded', 'true');
  });
});
