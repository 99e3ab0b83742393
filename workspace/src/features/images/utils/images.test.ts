import {
  coverImageInfo,
  extensionOf,
  imageObjectPath,
  isAlreadyStored,
  isImageFile,
  isRefusal,
  objectPathOf,
  ownedObjectPath,
  parseImagesCount,
  resolveImageUrl,
  storedImageUrl,
  toggleExample,
  canRetryUpload,
  uploadFailureKind,
} from './images';

describe('images rules', () => {
  it('numberOfImages: integer 1–10, 1 when not numeric', () => {
    expect(parseImagesCount('')).toBe(1);
    expect(parseImagesCount('abc')).toBe(1);
    expect(parseImagesCount(undefined)).toBe(1);
    expect(parseImagesCount('4')).toBe(4);
    expect(parseImagesCount(7)).toBe(7);
    expect(parseImagesCount('3.8')).toBe(3);
    expect(parseImagesCount(0)).toBe(1);
    expect(parseImagesCount(42)).toBe(10);
  });

  it('only image/* files', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });

  it('object paths: {pageId}/{timestamp}-{random}.{ext}', () => {
    expect(imageObjectPath(12, { type: 'image/jpeg', name: 'a.jpeg' }, 1700000000000, 'ab12')).toBe('12/1700000000000-ab12.jpg');
    expect(extensionOf({ type: '', name: 'photo.PNG' })).toBe('png');
    expect(extensionOf({ type: '', name: 'photo' })).toBe('img');
  });

  it('finds the stored object of a row, and only deletes those of the page folder', () => {
    const url = 'http://localhost:54321/storage/v1/object/public/page-images/12/170-ab.png';
    expect(objectPathOf(url)).toBe('12/170-ab.png');
    expect(ownedObjectPath(12, url)).toBe('12/170-ab.png');
    expect(ownedObjectPath(13, url)).toBeNull();
    expect(ownedObjectPath(12, '/storage/v1/object/public/page-images/seed/example-1.png')).toBeNull();
    expect(ownedObjectPath(12, 'https://cdn.example.com/x.png')).toBeNull();
    expect(ownedObjectPath(12, '/storage/v1/object/public/page-images/12/../13/x.png')).toBeNull();
  });

  it('resolves stored paths against the backend', () => {
    expect(resolveImageUrl('/storage/v1/object/public/page-images/seed/a.png', 'http://api.local/')).toBe(
      'http://api.local/storage/v1/object/public/page-images/seed/a.png',
    );
    expect(resolveImageUrl('https://x.fr/a.png', 'http://api.local')).toBe('https://x.fr/a.png');
  });

  it('cover-image info_json (§3): example id only with the initial photo', () => {
    expect(coverImageInfo({ pageName: 'Jardin', numberOfImages: 'x', comments: '  ', useInitialPhoto: false, exampleId: 5 })).toEqual({
      generate_prompt: 'Jardin',
      comments: '',
      use_initial_photo: false,
      image_example_id: null,
      number_of_images: 1,
    });
    expect(coverImageInfo({ pageName: 'Jardin', numberOfImages: 3, comments: 'lumineux', useInitialPhoto: true, exampleId: 5 })).toEqual({
      generate_prompt: 'Jardin — lumineux',
      comments: 'lumineux',
      use_initial_photo: true,
      image_example_id: 5,
      number_of_images: 3,
    });
  });

  it('picking an example toggles on a second click', () => {
    expect(toggleExample(null, 3)).toBe(3);
    expect(toggleExample(3, 3)).toBeNull();
    expect(toggleExample(3, 4)).toBe(4);
  });

  it('an upload at a path already stored: this backend (409) and hosted Supabase (400, statusCode 409)', () => {
    expect(isAlreadyStored({ status: 409, statusCode: '409', message: 'The resource already exists' })).toBe(true);
    expect(isAlreadyStored({ status: 400, statusCode: '409', error: 'Duplicate', message: 'The resource already exists' })).toBe(true);
    expect(isAlreadyStored({ status: 400, statusCode: '400', code: 'ResourceAlreadyExists', message: 'x' })).toBe(true);
    expect(isAlreadyStored({ status: 400, statusCode: '400', error: 'InvalidMimeType', message: 'mime type text/plain is not supported' })).toBe(false);
    expect(isAlreadyStored({ status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' })).toBe(false);
    expect(isAlreadyStored(null)).toBe(false);
  });

  it('only a 4xx is a clear refusal (no answer or a 5xx may have written the row)', () => {
    expect(isRefusal(403)).toBe(true);
    expect(isRefusal(400)).toBe(true);
    expect(isRefusal(0)).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
    expect(isRefusal(500)).toBe(false);
    expect(isRefusal(503)).toBe(false);
  });
});

describe('examples and propositions stored the same way (issue 32)', () => {
  it('an uploaded example is stored as its relative path, which the delete rules still read', () => {
    const url = storedImageUrl('12/1700000000000-abc.png');
    expect(url).toBe('/storage/v1/object/public/page-images/12/1700000000000-abc.png');
    expect(objectPathOf(url)).toBe('12/1700000000000-abc.png');
    expect(ownedObjectPath(12, url)).toBe('12/1700000000000-abc.png');
  });

  it('the display resolves both: a path against the backend, an absolute URL (older rows) as it is', () => {
    expect(resolveImageUrl(storedImageUrl('12/a.png'), 'https://api.citable.fr')).toBe('https://api.citable.fr/storage/v1/object/public/page-images/12/a.png');
    expect(resolveImageUrl('http://localhost:54321/storage/v1/object/public/page-images/12/a.png', 'https://api.citable.fr')).toBe(
      'http://localhost:54321/storage/v1/object/public/page-images/12/a.png',
    );
    // a protocol-relative URL is no path of ours
    expect(resolveImageUrl('//cdn.example.com/a.png', 'https://api.citable.fr')).toBe('//cdn.example.com/a.png');
  });
});

describe('which failed uploads may be retried (issue 32)', () => {
  it('a file refused for its content or its size never: it would fail the same way', () => {
    expect(uploadFailureKind({ code: 'InvalidMimeType', status: 415, message: 'mime type text/plain is not supported' })).toBe('badContent');
    expect(uploadFailureKind({ status: 400, message: 'mime type text/plain does not match the allowed types' })).toBe('badContent');
    expect(uploadFailureKind({ status: 413, message: 'Payload too large' })).toBe('tooLarge');
    expect(uploadFailureKind({ status: 400, message: 'The object exceeded the maximum allowed size' })).toBe('tooLarge');
    expect(canRetryUpload('badContent')).toBe(false);
    expect(canRetryUpload('tooLarge')).toBe(false);
  });

  it('a network failure, a server error, a refused row: yes', () => {
    for (const error of [{ status: 0, message: 'Failed to fetch' }, { status: 503, message: 'Service unavailable' }, { status: 403, code: '42501', message: 'new row violates row-level security policy' }]) {
      expect(canRetryUpload(uploadFailureKind(error))).toBe(true);
    }
  });
});
