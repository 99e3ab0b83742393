import { fireEvent, render, screen } from '@testing-library/react';
import { CitableProviders } from '@citable/shared';
import '../i18n';
import { ImagePreview } from './ImagePreview';

const renderPreview = () =>
  render(
    <CitableProviders withNotifications={false}>
      <ImagePreview src="/storage/v1/object/public/page-images/1/a.png" alt="Image proposition 1" />
    </CitableProviders>,
  );

describe('ImagePreview (audit 12 P2): never an empty grey box', () => {
  it('a skeleton while the file loads, then the picture', () => {
    renderPreview();
    expect(screen.getByTestId('image-preview')).toHaveAttribute('data-state', 'loading');
    fireEvent.load(screen.getByRole('img', { name: 'Image proposition 1' }));
    expect(screen.getByTestId('image-preview')).toHaveAttribute('data-state', 'loaded');
    expect(screen.queryByText('Preview unavailable')).not.toBeInTheDocument();
  });

  it('a file that cannot be shown: a broken-image icon and "Preview unavailable", named for a screen reader', () => {
    renderPreview();
    fireEvent.error(screen.getByRole('img', { name: 'Image proposition 1' }));
    expect(screen.getByTestId('image-preview')).toHaveAttribute('data-state', 'failed');
    expect(screen.getByText('Preview unavailable')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Image proposition 1 (Preview unavailable)' })).toBeInTheDocument();
  });
});
