import { renderWithProviders } from '../testing/render';
import { PostalAddress } from './PostalAddress';

/** The lines of the rendered address, as an envelope shows them. */
function linesOf(address: string): string[] {
  const { container } = renderWithProviders(<PostalAddress address={address} />);
  return (container.querySelector('span')?.innerHTML ?? '').split('<br>');
}

describe('PostalAddress', () => {
  it('lays the configured address out as on an envelope, under the company name', () => {
    expect(linesOf('10 rue de la Paix, 75002 Paris, France')).toEqual(['Citable SAS', '10 rue de la Paix', '75002 Paris', 'France']);
  });

  it('does not repeat the company name when the configured address starts with it', () => {
    expect(linesOf('Citable SAS, 5 avenue Foch ,, 75116 Paris')).toEqual(['Citable SAS', '5 avenue Foch', '75116 Paris']);
  });
});
