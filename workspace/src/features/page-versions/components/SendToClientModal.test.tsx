/**
 * "Send to client" (docs/operator-desk.md): the modal prefilled from the site's client, its checks, the
 * server's refusals where they belong, the resend count; the sends panel's states; the pure rules.
 * The RPC is a jest mock here (supabase-local/test/db/client-review.test.js covers it).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import fr from '../locales/fr.json';
import { SendToClientModal } from './SendToClientModal';
import { VersionSendsPanel } from './VersionSendsPanel';
import { changesClient, sendFailureKey, sendProblem, sendsOfVersion, viewLink } from '../utils/sends';
import type { VersionSend } from '../api/versionSends';
import '../i18n';

const LINK = 'http://localhost:3000/view/11111111-1111-4111-8111-111111111111';
const CLIENT = { name: 'Claire Dupont', email: 'claire@client.fr', language: 'fr' as const };

function renderModal(props: Partial<Parameters<typeof SendToClientModal>[0]> = {}) {
  const onSend = jest.fn().mockResolvedValue({ id: 1, to_email: 'claire@client.fr' });
  const onClose = jest.fn();
  render(
    <CitableProviders withNotifications={false}>
      <SendToClientModal opened onClose={onClose} versionDate="26 nov. 2026, 10:00" link={LINK} client={CLIENT} sentCount={0} isSending={false} onSend={onSend} {...props} />
    </CitableProviders>,
  );
  return { onSend, onClose, dialog: screen.getByRole('dialog', { name: 'Envoyer au client' }) };
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('SendToClientModal', () => {
  it("is prefilled with the site's client, shows the language and the link, and sends what the form holds", async () => {
    const { onSend, dialog } = renderModal();
    expect(within(dialog).getByLabelText(/E-mail du client/)).toHaveValue('claire@client.fr');
    expect(within(dialog).getByLabelText('Nom du client')).toHaveValue('Claire Dupont');
    expect(within(dialog).getByTestId('send-language')).toHaveTextContent('Français');
    expect(within(dialog).getByTestId('send-link')).toHaveTextContent(LINK);
    expect(within(dialog).getByRole('button', { name: 'Copier le lien' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('send-resend-note')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ email: 'claire@client.fr', name: 'Claire Dupont' }));
  });

  it('refuses an empty or malformed address before sending, and says when the address becomes the client', async () => {
    const { onSend, dialog } = renderModal();
    const email = within(dialog).getByLabelText(/E-mail du client/);
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('L’e-mail du client est obligatoire')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Saisissez une adresse e-mail valide (par exemple nom@exemple.fr)')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'nouveau@client.fr' } });
    expect(within(dialog).getByText('Cette adresse deviendra le client du site.')).toBeInTheDocument();
  });

  it("puts the server's refusals where they belong: the address under its field, the hourly limit above the form", async () => {
    const onSend = jest.fn().mockRejectedValueOnce(new DataError('invalid', 'Enter a valid e-mail address for the client.', { code: '22023', hint: 'email' }));
    const { dialog } = renderModal({ onSend });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Saisissez une adresse e-mail valide (par exemple nom@exemple.fr)')).toBeInTheDocument();
    onSend.mockRejectedValueOnce(new DataError('rate_limited', 'This version was already sent 5 times in the last hour', { hint: 'rate_limited' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cette version a déjà été envoyée 5 fois dans la dernière heure. Réessayez plus tard.');
  });

  it('a version already sent says how many times and offers to send it again', () => {
    const { dialog } = renderModal({ sentCount: 2, client: { name: null, email: null, language: 'en' } });
    expect(within(dialog).getByTestId('send-resend-note')).toHaveTextContent('Cette version a déjà été envoyée 2 fois.');
    expect(within(dialog).getByRole('button', { name: 'Renvoyer' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('send-language')).toHaveTextContent('Anglais');
    expect(within(dialog).getByLabelText(/E-mail du client/)).toHaveValue('');
  });

  it('waits for the site\'s client before showing the form', () => {
    renderModal({ clientPending: true });
    expect(screen.queryByTestId('send-to-client-form')).toBeNull();
    expect(screen.getByLabelText('Chargement du client du site…')).toBeInTheDocument();
  });
});

describe('VersionSendsPanel', () => {
  const send = (over: Partial<VersionSend>): VersionSend => ({
    id: 1, version: 'v1', page: 3, to_email: 'claire@client.fr', to_name: null, language: 'fr', status: 'queued', error: null,
    created_at: '2026-11-26T10:00:00Z', sent_at: null, ...over,
  });
  const query = (data: VersionSend[] | undefined, extra = {}) => ({ data, isPending: data === undefined, isError: false, error: null, refetch: jest.fn(), isFetching: false, ...extra });

  it('lists each send with its address, state and, when it failed, why', () => {
    render(
      <CitableProviders withNotifications={false}>
        <VersionSendsPanel
          sends={query([
            send({ id: 3, status: 'failed', to_email: 'x@bounce.invalid', error: 'The mail to x@bounce.invalid bounced' }),
            send({ id: 2, status: 'sent', to_name: 'Claire', sent_at: '2026-11-26T10:01:00Z' }),
            send({ id: 1, status: 'queued', version: 'gone' }),
          ])}
          formatDate={(iso) => iso.slice(0, 16)}
          versionDate={(id) => (id === 'v1' ? '25 nov.' : null)}
        />
      </CitableProviders>,
    );
    const rows = screen.getAllByTestId('send-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['failed', 'sent', 'queued']);
    expect(within(rows[0]).getByTestId('send-error')).toHaveTextContent('L’adresse a refusé l’e-mail : vérifiez l’adresse du client, puis renvoyez.');
    expect(within(rows[0]).getByTestId('send-error')).toHaveTextContent('Détail : The mail to x@bounce.invalid bounced');
    expect(within(rows[1]).getByTestId('send-to')).toHaveTextContent('Claire <claire@client.fr>');
    expect(within(rows[1]).getByText(/Envoyé le 2026-11-26T10:01/)).toBeInTheDocument();
    expect(within(rows[2]).getByText(/version supprimée/)).toBeInTheDocument();
    expect(screen.getByTestId('sends-count')).toHaveTextContent('3 envois');
  });

  it('says when nothing was sent yet, and offers to retry a failed load', () => {
    const { unmount } = render(
      <CitableProviders withNotifications={false}>
        <VersionSendsPanel sends={query([])} formatDate={(x) => x} versionDate={() => null} />
      </CitableProviders>,
    );
    expect(screen.getByTestId('sends-empty')).toHaveTextContent('Aucun envoi pour l’instant.');
    unmount();
    const failed = query(undefined, { isPending: false, isError: true, error: new DataError('network', 'Failed to fetch') });
    render(
      <CitableProviders withNotifications={false}>
        <VersionSendsPanel sends={failed} formatDate={(x) => x} versionDate={() => null} />
      </CitableProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(failed.refetch).toHaveBeenCalled();
  });
});

describe('send rules', () => {
  it('builds the /view link, counts the sends of a version, tells a new client', () => {
    expect(viewLink('http://localhost:3000/', 'abc')).toBe('http://localhost:3000/view/abc');
    expect(sendsOfVersion([{ version: 'a' }, { version: 'b' }, { version: 'a' }], 'a')).toBe(2);
    expect(sendsOfVersion([{ version: 'a' }], null)).toBe(0);
    expect(changesClient(' Claire@Client.fr ', 'claire@client.fr')).toBe(false);
    expect(changesClient('autre@client.fr', 'claire@client.fr')).toBe(true);
    expect(changesClient('autre@client.fr', null)).toBe(true);
    expect(changesClient('', null)).toBe(false);
  });

  it('tells a bounce from another failure', () => {
    expect(sendFailureKey('The mail to a@b.fr was refused: 550 5.1.1 <a@b.fr>: Recipient address rejected')).toBe('sends.bounced');
    expect(sendFailureKey('The mail to x@bounce.invalid bounced: 550 5.1.1 mailbox unavailable')).toBe('sends.bounced');
    expect(sendFailureKey('connect ECONNREFUSED 127.0.0.1:587')).toBe('sends.failed');
    expect(sendFailureKey(null)).toBe('sends.failed');
  });

  it('maps the refusals of send_version_to_client', () => {
    expect(sendProblem(new DataError('invalid', 'x', { hint: 'email' }))).toEqual({ key: 'send.errors.email', field: 'email' });
    expect(sendProblem(new DataError('invalid', 'x', { hint: 'version_empty' }))).toEqual({ key: 'send.errors.versionEmpty' });
    expect(sendProblem(new DataError('rate_limited', 'x', { hint: 'rate_limited' }))).toEqual({ key: 'send.errors.rateLimited' });
    expect(sendProblem(new DataError('network', 'x'))).toBeNull();
    expect(sendProblem(new Error('x'))).toBeNull();
  });

  it('French texts follow French typography', () => {
    expect(frenchTypographyIssues(stringsOf({ send: fr.send, sends: fr.sends }))).toEqual([]);
  });
});
