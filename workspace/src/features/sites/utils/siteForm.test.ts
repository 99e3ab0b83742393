import {
  clamp,
  emptySiteForm,
  formToPayload,
  isValidEmail,
  isValidSiteUrl,
  languageChoice,
  logoObjectPath,
  logoPath,
  logoProblem,
  logoSrc,
  nameFromUrl,
  normalizeSiteUrl,
  siteUrlError,
  sniffImageType,
  toId,
  toNumber,
  uploadProblem,
  withCountry,
  localizedName,
} from './siteForm';

describe('site form rules', () => {
  it('names a site after its URL without protocol and www', () => {
    expect(nameFromUrl('https://www.jardin.fr')).toBe('jardin.fr');
    expect(nameFromUrl('HTTP://WWW.Example.com/blog')).toBe('Example.com/blog');
    expect(nameFromUrl('  http://shop.example.com ')).toBe('shop.example.com');
  });

  it('accepts http(s) URLs with a host only, and normalises a typed address like the page form', () => {
    expect(isValidSiteUrl('https://www.example.com')).toBe(true);
    expect(isValidSiteUrl('http://localhost:3000')).toBe(true);
    expect(isValidSiteUrl('example.com')).toBe(true);
    expect(normalizeSiteUrl('WWW.Boulangerie-Martin.fr/')).toBe('https://www.boulangerie-martin.fr');
    expect(siteUrlError('')).toBe('urlRequired');
    expect(siteUrlError('javascript:alert(1)')).toBe('urlNotWeb');
    expect(siteUrlError('ftp://example.com')).toBe('urlNotWeb');
    expect(siteUrlError('https://pas valide')).toBe('urlInvalid');
    expect(siteUrlError('www.example.com')).toBeNull();
    expect(formToPayload({ ...emptySiteForm(), url: 'WWW.Boulangerie-Martin.fr/' })).toMatchObject({
      url: 'https://www.boulangerie-martin.fr',
      name: 'boulangerie-martin.fr',
    });
    expect(isValidSiteUrl('https://not a url')).toBe(false);
    expect(isValidSiteUrl('https://nodot')).toBe(false);
    expect(isValidSiteUrl('ftp://example.com')).toBe(false);
  });

  it('falls back to 0 for non-numeric numbers and keeps SERP counts in 1..100', () => {
    expect(toNumber('abc')).toBe(0);
    expect(toNumber('')).toBe(0);
    expect(toNumber('12')).toBe(12);
    expect(toNumber(7.9)).toBe(7);
    expect(clamp(0, 1, 100)).toBe(1);
    expect(clamp(500, 1, 100)).toBe(100);
  });

  it('builds the row: empty name from the URL, empty ids as null, numbers with their fallbacks', () => {
    const payload = formToPayload({
      ...emptySiteForm(),
      url: ' https://www.velo.fr ',
      serps_nb_results: 'x',
      serps_img_nb_results: 250,
      nb_images_to_create: 'abc',
      cover_image_width: '',
      tone_articles_group: 'none',
      language: '4',
    });
    expect(payload).toMatchObject({
      url: 'https://www.velo.fr',
      name: 'velo.fr',
      country: null,
      language: null,
      tone_articles_group: null,
      serps_nb_results: 1,
      serps_img_nb_results: 100,
      nb_images_to_create: 0,
      cover_image_width: 1200,
      cover_image_height: 630,
      default_status: 'draft',
      accepted_topics: null,
    });
    expect(formToPayload({ ...emptySiteForm(), url: 'https://a.fr', name: ' Mon site ', country: '3', language: '9' })).toMatchObject({
      name: 'Mon site',
      country: 3,
      language: 9,
    });
  });

  it('has the spec defaults', () => {
    expect(emptySiteForm()).toMatchObject({
      serps_nb_results: 10,
      serps_img_nb_results: 10,
      cover_image_width: 1200,
      cover_image_height: 630,
      nb_images_to_create: 1,
      default_status: 'draft',
    });
  });

  it('clears the language when the country changes', () => {
    expect(withCountry({ ...emptySiteForm(), country: '1', language: '2' }, '5')).toMatchObject({ country: '5', language: '' });
    expect(withCountry({ ...emptySiteForm(), country: '1', language: '2' }, null)).toMatchObject({ country: '', language: '' });
    expect(toId('')).toBeNull();
    expect(toId('abc')).toBeNull();
  });

  it('shows one language as fixed, several as a choice', () => {
    expect(languageChoice([])).toEqual({ kind: 'none' });
    expect(languageChoice([{ id: 1 }])).toEqual({ kind: 'fixed', language: { id: 1 } });
    expect(languageChoice([{ id: 1 }, { id: 2 }]).kind).toBe('radio');
  });

  it('refuses logos of another type or over 5 MB', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 1000 })).toBe('format');
    expect(logoProblem({ type: 'text/plain', size: 1000 })).toBe('format');
    expect(logoProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('size');
    expect(logoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('recognises images by their bytes', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('hello, I am text'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('maps storage refusals to the spec messages', () => {
    expect(uploadProblem({ code: 'InvalidMimeType', message: 'mime type text/plain is not supported' })).toBe('format');
    expect(uploadProblem({ message: 'File content (unrecognised) does not match the allowed types (declared image/png)' })).toBe('format');
    expect(uploadProblem({ status: 413, message: 'The object exceeded the maximum allowed size' })).toBe('size');
    expect(uploadProblem({ kind: 'unauthorized', message: 'jwt expired' })).toBe('auth');
    expect(uploadProblem({ kind: 'server', message: 'boom' })).toBe('other');
  });

  it('names logo objects and finds them back from their public URL', () => {
    expect(logoPath({ type: 'image/jpeg', name: 'a.jpeg' }, 'r1')).toBe('logos/r1.jpg');
    expect(logoPath({ type: 'image/webp', name: 'x' }, 'r2')).toBe('logos/r2.webp');
    expect(logoObjectPath('http://localhost:54321/storage/v1/object/public/seo1/logos/r1.jpg')).toBe('logos/r1.jpg');
    expect(logoObjectPath('https://cdn.example.com/logo.png')).toBeNull();
    expect(logoObjectPath(null)).toBeNull();
    expect(logoSrc('/storage/v1/object/public/seo1/logos/p.png', 'http://b:1/')).toBe('http://b:1/storage/v1/object/public/seo1/logos/p.png');
    expect(logoSrc('https://x/y.png', 'http://b:1')).toBe('https://x/y.png');
  });
});

describe('localizedName', () => {
  it('names a country or a language in the reader’s language, from its ISO code', () => {
    expect(localizedName('region', 'BE', 'Belgium', 'fr')).toBe('Belgique');
    expect(localizedName('region', 'BE', 'Belgium', 'en')).toBe('Belgium');
    expect(localizedName('language', 'nl', 'Dutch', 'fr')).toBe('Néerlandais');
    expect(localizedName('language', 'fr', 'French', 'en')).toBe('French');
  });

  it('keeps the table’s name without a code, or for a code the browser cannot name', () => {
    expect(localizedName('region', null, 'Atlantis', 'fr')).toBe('Atlantis');
    expect(localizedName('language', 'zz', 'Zzish', 'fr')).toBe('Zzish');
  });
});

describe("the site's client", () => {
  it('accepts e-mail addresses as the database does, and an empty one (no client yet)', () => {
    for (const ok of ['claire@client.fr', ' a.b+c@sous.domaine.example ', 'x@bounce.invalid']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['', 'pas-une-adresse', 'a@b', 'deux mots@x.fr', '@x.fr', `${'a'.repeat(320)}@x.fr`]) expect(isValidEmail(bad)).toBe(false);
  });

  it('stores the trimmed name and e-mail, or null when empty, and reads them back', () => {
    const values = { ...emptySiteForm(), url: 'https://a.fr', client_name: '  Claire Dupont ', client_email: ' claire@client.fr ' };
    expect(formToPayload(values)).toMatchObject({ client_name: 'Claire Dupont', client_email: 'claire@client.fr' });
    expect(formToPayload({ ...values, client_name: ' ', client_email: '' })).toMatchObject({ client_name: null, client_email: null });
  });
});
