/** The view toggle says what is on screen: a comparison (a diff of the HTML source) shows Code, locked. */
import { render, screen, within } from '@testing-library/react';
import { CitableProviders, i18n, type PageVersion } from '@citable/shared';
import '../i18n';
import { HtmlContentViewer } from './HtmlContentViewer';

const version = { id: '11111111-1111-4111-8111-111111111111', html_content: '<h1>Titre</h1><p>Texte.</p>' } as PageVersion;

function renderViewer(state: { mode: 'rendered' | 'code'; editing: boolean; comparing: boolean }) {
  return render(
    <CitableProviders withNotifications={false}>
      <HtmlContentViewer
        version={version}
        state={state}
        onModeChange={() => undefined}
        onEditingChange={() => undefined}
        onSave={async () => undefined}
        isSaving={false}
        comparePanel={state.comparing ? <div data-testid="diff">diff</div> : undefined}
      />
    </CitableProviders>,
  );
}

describe('HtmlContentViewer view toggle', () => {
  beforeEach(() => i18n.changeLanguage('fr'));

  it('shows the reader’s choice when not comparing', () => {
    renderViewer({ mode: 'rendered', editing: false, comparing: false });
    const toggle = screen.getByTestId('view-toggle');
    expect(toggle).toHaveAttribute('data-active-mode', 'rendered');
    expect(within(toggle).getByRole('radio', { name: /Rendu/ })).toBeChecked();
  });

  it('says Code, locked, while a comparison (a source diff) is shown', () => {
    renderViewer({ mode: 'rendered', editing: false, comparing: true });
    const toggle = screen.getByTestId('view-toggle');
    expect(toggle).toHaveAttribute('data-active-mode', 'code');
    expect(within(toggle).getByRole('radio', { name: /Code/ })).toBeChecked();
    expect(within(toggle).getByRole('radio', { name: /Code/ })).toBeDisabled();
    expect(screen.getByTestId('diff')).toBeInTheDocument();
  });
});
