/**
 * "Modifier la version": with one version it is chosen already (its comments prefilled); with several
 * the reader chooses. The toast says the modification is queued, not done.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import type { VersionSummary } from '../api/versions';
import { ModifyVersionForm } from './ModifyVersionForm';
import fr from '../locales/fr.json';
import en from '../locales/en.json';
import '../i18n';

const version = (id: string, comments: string | null) =>
  ({ id, created_date: '2026-11-20T09:30:00Z', comments_to_modify: comments }) as unknown as VersionSummary;

function renderForm(versions: VersionSummary[], shownVersionId: string | null = null) {
  const onSubmit = jest.fn().mockResolvedValue(undefined);
  const form = (shown: string | null) => (
    <CitableProviders withNotifications={false}>
      <ModifyVersionForm versions={versions} shownVersionId={shown} formatDate={(iso) => iso.slice(0, 10)} isUpdating={false} onSubmit={onSubmit} />
    </CitableProviders>
  );
  const { rerender } = render(form(shownVersionId));
  return Object.assign(onSubmit, { show: (id: string | null) => rerender(form(id)) });
}

const dated = (id: string, day: string, comments: string | null = null) =>
  ({ id, created_date: `2026-11-${day}T09:30:00Z`, comments_to_modify: comments }) as unknown as VersionSummary;

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('ModifyVersionForm', () => {
  it('chooses the only version, with its comments, and sends it', async () => {
    const onSubmit = renderForm([version('v1', 'Raccourcir l’introduction.')]);
    expect(screen.getByTestId('modify-version')).toHaveValue('2026-11-20');
    expect(screen.getByTestId('modify-comments')).toHaveValue('Raccourcir l’introduction.');
    const submit = screen.getByRole('button', { name: 'Modifier la version' });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ versionId: 'v1', comments: 'Raccourcir l’introduction.' })));
  });

  it('leaves the choice to the reader when there are several versions', () => {
    renderForm([version('v2', null), version('v1', null)]);
    expect(screen.getByTestId('modify-version')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Modifier la version' })).toBeDisabled();
  });

  it('preselects the version shown, follows it until the reader types; neutral help, never an error before interaction', async () => {
    const versions = [dated('v3', '22', 'Ajouter une FAQ.'), dated('v2', '21'), dated('v1', '20')];
    const onSubmit = renderForm(versions, 'v2');
    const field = screen.getByTestId('modify-version');
    expect(field).toHaveValue('2026-11-21');
    expect(field).toHaveAccessibleDescription('La version qui sera réécrite');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Veuillez choisir une version à modifier')).toBeNull();
    // another row shown: the form follows it, with its comments
    onSubmit.show('v3');
    expect(field).toHaveValue('2026-11-22');
    expect(screen.getByTestId('modify-comments')).toHaveValue('Ajouter une FAQ.');
    // typed comments pin the version they are for
    fireEvent.change(screen.getByTestId('modify-comments'), { target: { value: 'Plus court.' } });
    onSubmit.show('v1');
    expect(field).toHaveValue('2026-11-22');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier la version' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ versionId: 'v3', comments: 'Plus court.' })));
  });

  it('the requirement becomes an error once the reader empties the field', () => {
    renderForm([dated('v2', '21'), dated('v1', '20')], 'v1');
    const field = screen.getByTestId('modify-version');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la version à modifier' }));
    expect(field).toHaveValue('');
    expect(screen.getByText('Veuillez choisir une version à modifier')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Modifier la version' })).toBeDisabled();
  });

  it('says the modification is queued, not done (English keeps the spec’s title, its text says queued)', () => {
    expect(fr.modify.success).toBe('Modification mise en file d’attente');
    expect(en.modify.success).toBe('Version updated successfully');
    expect(en.modify.successText).toMatch(/queued/);
    expect(`${fr.modify.success} ${fr.modify.successText}`).not.toMatch(/mise à jour/);
  });
});
