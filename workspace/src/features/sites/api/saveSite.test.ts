import { DataError } from '@citable/shared/data';
import { LogoUploadError, saveSite } from './saveSite';
import { createSite, updateSite } from './sites';
import { removeLogo, uploadLogo } from './logo';

jest.mock('./sites', () => ({ createSite: jest.fn(), updateSite: jest.fn() }));
jest.mock('./logo', () => ({ uploadLogo: jest.fn(), removeLogo: jest.fn() }));

const upload = uploadLogo as jest.MockedFunction<typeof uploadLogo>;
const remove = removeLogo as jest.MockedFunction<typeof removeLogo>;
const create = createSite as jest.MockedFunction<typeof createSite>;
const update = updateSite as jest.MockedFunction<typeof updateSite>;

const payload = { url: 'https://a.fr', name: 'a.fr' };
const file = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
const uploaded = { path: 'logos/new.png', publicUrl: 'http://b/storage/v1/object/public/seo1/logos/new.png' };
const OLD = 'http://b/storage/v1/object/public/seo1/logos/old.png';

beforeEach(() => {
  jest.resetAllMocks();
  upload.mockResolvedValue(uploaded);
});

describe('saveSite', () => {
  it('needs a user and, to create, a logo — nothing is uploaded or written', async () => {
    await expect(saveSite({ site: null, payload, logo: file, userId: null })).rejects.toThrow('You must be logged in to create a site.');
    await expect(saveSite({ site: null, payload, logo: null, userId: 'u1' })).rejects.toThrow('Please upload a logo image.');
    expect(upload).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the site with the public URL of its logo and the owner', async () => {
    create.mockResolvedValue({ id: 7 } as never);
    await saveSite({ site: null, payload, logo: file, userId: 'u1' });
    expect(create).toHaveBeenCalledWith({ ...payload, image_logo: uploaded.publicUrl, linked_user: 'u1' });
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes the uploaded logo when the insert fails (no orphan)', async () => {
    create.mockRejectedValue(new DataError('invalid', 'new row violates check constraint'));
    await expect(saveSite({ site: null, payload, logo: file, userId: 'u1' })).rejects.toThrow('new row violates check constraint');
    expect(remove).toHaveBeenCalledWith('logos/new.png');
  });

  it('removes the replaced logo after the update, and keeps it when the update fails', async () => {
    update.mockResolvedValue({ id: 3 } as never);
    await saveSite({ site: { id: 3, image_logo: OLD }, payload, logo: file, userId: 'u1' });
    expect(update).toHaveBeenCalledWith(3, { ...payload, image_logo: uploaded.publicUrl });
    expect(remove).toHaveBeenCalledWith(OLD);

    remove.mockClear();
    update.mockRejectedValue(new DataError('server', 'boom'));
    await expect(saveSite({ site: { id: 3, image_logo: OLD }, payload, logo: file, userId: 'u1' })).rejects.toThrow('boom');
    expect(remove).toHaveBeenCalledWith('logos/new.png');
    expect(remove).not.toHaveBeenCalledWith(OLD);
  });

  it('an edit without a new logo keeps the stored one', async () => {
    update.mockResolvedValue({ id: 3 } as never);
    await saveSite({ site: { id: 3, image_logo: OLD }, payload, logo: null, userId: 'u1' });
    expect(update).toHaveBeenCalledWith(3, payload);
    expect(upload).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('says why storage refused the logo (the spec messages), and writes nothing', async () => {
    upload.mockRejectedValue(new DataError('invalid', 'mime type text/plain is not supported', { code: 'InvalidMimeType', status: 400 }));
    const error = await saveSite({ site: null, payload, logo: file, userId: 'u1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LogoUploadError);
    expect((error as LogoUploadError).problem).toBe('format');
    upload.mockRejectedValue(new DataError('invalid', 'The object exceeded the maximum allowed size', { status: 413 }));
    expect(((await saveSite({ site: null, payload, logo: file, userId: 'u1' }).catch((e: unknown) => e)) as LogoUploadError).problem).toBe('size');
    expect(create).not.toHaveBeenCalled();
  });
});
