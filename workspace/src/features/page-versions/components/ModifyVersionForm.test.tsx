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

function renderForm(versions: VersionSummary[]) {
  const onSubmit = jest.fn().mockResolvedValue(undefined);
  render(
    <CitableProviders withNotifications={false}>
      <ModifyVersionForm versions={versions} formatDate={(iso) => iso.slice(0, 10)} isUpdating={false} onSubmit={onSubmit} />
    </CitableProviders>,
  );
  return onSubmit;
}

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

  it('says the modification is queued, not done (English keeps the spec’s title, its text says queued)', () => {
    expect(fr.modify.success).toBe('Modification mise en file d’attente');
    expect(en.modify.success).toBe('Version updated successfully');
    expect(en.modify.successText).toMatch(/queued/);
    expect(`${fr.modify.success} ${fr.modify.successText}`).not.toMatch(/mise à jour/);
  });
});
