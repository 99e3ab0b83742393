import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import '../i18n';
import { discardExample, uploadExample } from '../api/images';
import { ExampleUploader } from './ExampleUploader';

jest.mock('../api/images', () => ({
  uploadExample: jest.fn(),
  discardExample: jest.fn(async () => 'removed'),
  newExamplePath: (pageId: number, file: File) => `${pageId}/${file.name}`,
}));
const upload = uploadExample as jest.MockedFunction<typeof uploadExample>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function pick(files: File[]) {
  const input = screen.getByTestId('examples-dropzone').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
  await waitFor(() => expect(screen.getAllByTestId('pending-file')).toHaveLength(files.length));
}

const item = (name: string) => screen.getAllByTestId('pending-file').find((el) => el.getAttribute('data-name') === name) as HTMLElement;

beforeEach(() => {
  upload.mockReset();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CitableProviders withNotifications={false}>
        <ExampleUploader pageId={12} />
      </CitableProviders>
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

describe('example uploads: what is offered again (issue 32)', () => {
  it('a file refused for its content is not retried, a file lost to the network is', async () => {
    // the storage refuses faux.png by its content; the network drops haie.png
    upload.mockImplementation(async (_page, file) => {
      if (file.name === 'faux.png') throw new DataError('invalid', 'mime type text/plain is not supported', { status: 415, code: 'InvalidMimeType' });
      throw new TypeError('Failed to fetch');
    });
    await pick([png('faux.png'), png('haie.png')]);
    fireEvent.click(screen.getByTestId('examples-submit'));
    await screen.findByTestId('upload-failed');
    expect(within(item('faux.png')).getByTestId('file-error')).toHaveTextContent('The file is not a supported image (JPG, PNG, GIF, WebP or AVIF).');
    expect(item('faux.png')).toHaveAttribute('data-refused', 'true');
    expect(item('haie.png')).not.toHaveAttribute('data-refused');
    expect(screen.getByTestId('refused-files')).toHaveTextContent('1 file can never be uploaded (see its reason above): remove it from the list.');
    // Retry sends the one that may still go, not the other
    upload.mockClear();
    upload.mockResolvedValue({ id: 1, linked_page: 12, image_url: '/storage/v1/object/public/page-images/12/haie.png', type: 'example', chosen: false, created_at: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry upload (1)' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-file')).toHaveLength(1));
    expect(upload.mock.calls.map(([, file]) => file.name)).toEqual(['haie.png']);
    // only the refused file is left: no send button, only its removal
    expect(screen.queryByTestId('examples-submit')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove faux.png' }));
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
    expect(discardExample).toHaveBeenCalledWith(12, '12/faux.png');
  });

  it('a file over the size limit is not retried either', async () => {
    upload.mockRejectedValue(new DataError('invalid', 'The object exceeded the maximum allowed size', { status: 413 }));
    await pick([png('grande.png')]);
    fireEvent.click(screen.getByTestId('examples-submit'));
    await screen.findByTestId('upload-failed');
    expect(within(item('grande.png')).getByTestId('file-error')).toHaveTextContent('The file is too large (10 MB at most).');
    expect(screen.queryByTestId('examples-submit')).not.toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });
});
