import {
  buildMailto,
  clockTime,
  hostOf,
  relativeWithTime,
  filtersOf,
  MAX_QUOTED_CHARS,
  quote,
  readAlreadyTaken,
  readInboxParams,
  relativeTime,
  shortUrl,
  siteHref,
} from './inbox';

const NOW = new Date('2026-11-26T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says "just now" under a minute, then the largest unit that fits, in the language', () => {
    expect(relativeTime(ago(20), NOW, 'fr', 'à l’instant')).toBe('à l’instant');
    expect(relativeTime(ago(5 * 60), NOW, 'fr', '')).toBe('il y a 5 minutes');
    expect(relativeTime(ago(3 * 3600 + 50 * 60), NOW, 'fr', '')).toBe('il y a 3 heures');
    expect(relativeTime(ago(26 * 3600), NOW, 'fr', '')).toBe('hier');
    expect(relativeTime(ago(26 * 3600), NOW, 'en', '')).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400), NOW, 'en', '')).toBe('3 days ago');
    expect(relativeTime(ago(15 * 86400), NOW, 'en', '')).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 86400), NOW, 'fr', '')).toBe('l’année dernière');
    expect(relativeTime(ago(2 * 3600).toISOString(), NOW, 'en', '')).toBe('2 hours ago');
  });
  it('gives nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW, 'fr', 'x')).toBe('');
  });
});

describe('quote', () => {
  it('prefixes every line, empty ones with ">" alone, whatever the line breaks', () => {
    expect(quote('Bonjour,\r\n\r\nUn devis\u00a0?\nMerci')).toBe('> Bonjour,\n>\n> Un devis\u00a0?\n> Merci');
  });
});

describe('buildMailto', () => {
  const mail = { to: 'camille.lefevre@exemple.fr', subject: 'Re : votre message & devis', intro: 'Bonjour Camille,\n\n\nLe 26 nov., Camille a écrit\u00a0:', quoted: 'Un devis\u00a0?\nMerci' };

  it('keeps the address, percent-encodes subject and body (CRLF line breaks, %20 spaces)', () => {
    const href = buildMailto(mail);
    expect(href.startsWith('mailto:camille.lefevre@exemple.fr?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Re : votre message & devis');
    expect(url.searchParams.get('body')).toBe('Bonjour Camille,\r\n\r\n\r\nLe 26 nov., Camille a écrit\u00a0:\r\n> Un devis\u00a0?\r\n> Merci\r\n');
    expect(href).not.toContain('+');
    expect(href).toContain('%20');
  });

  it('encodes what would break the link in the address', () => {
    expect(buildMailto({ ...mail, to: ' a+b?c@x.fr ' })).toMatch(/^mailto:a%2Bb%3Fc@x\.fr\?/);
  });

  it('cuts a long message at MAX_QUOTED_CHARS with an ellipsis', () => {
    const body = new URL(buildMailto({ ...mail, quoted: 'x'.repeat(MAX_QUOTED_CHARS + 500), ellipsis: '[suite coupée]' })).searchParams.get('body')!;
    expect(body).toContain('[suite coupée]');
    expect(body.length).toBeLessThan(MAX_QUOTED_CHARS + 200);
  });
});

describe('readAlreadyTaken', () => {
  it('reads who and when from the detail of an already_taken refusal', () => {
    const error = { hint: 'already_taken', details: JSON.stringify({ status: 'taken', taken_by: 'Démo Citable', taken_at: '2026-11-26T11:00:00Z' }) };
    expect(readAlreadyTaken(error)).toEqual({ status: 'taken', takenBy: 'Démo Citable', takenAt: '2026-11-26T11:00:00Z' });
  });
  it('tolerates a detail it cannot read, and says null for any other error', () => {
    expect(readAlreadyTaken({ hint: 'already_taken', details: 'oops' })).toEqual({ status: 'taken', takenBy: null, takenAt: null });
    expect(readAlreadyTaken({ hint: 'not_found' })).toBeNull();
    expect(readAlreadyTaken(null)).toBeNull();
  });
});

describe('URL params and labels', () => {
  it('reads the tab and the state filter, falling back to requests and new', () => {
    expect(readInboxParams(new URLSearchParams('tab=messages&state=spam'))).toEqual({ tab: 'messages', filter: 'spam' });
    expect(readInboxParams(new URLSearchParams('tab=messages&state=taken'))).toEqual({ tab: 'messages', filter: 'new' });
    expect(readInboxParams(new URLSearchParams('state=all'))).toEqual({ tab: 'requests', filter: 'all' });
    expect(readInboxParams(new URLSearchParams('tab=x&state=<b>'))).toEqual({ tab: 'requests', filter: 'new' });
    expect(filtersOf('messages')).not.toContain('taken');
  });
  it('shortens a URL and links a URL typed without a scheme', () => {
    expect(shortUrl('https://www.boulangerie.fr/pains/')).toBe('boulangerie.fr/pains');
    expect(siteHref('boulangerie.fr')).toBe('https://boulangerie.fr');
    expect(siteHref('http://boulangerie.fr')).toBe('http://boulangerie.fr');
  });
});

describe('dates and hosts on a card (audit L5, L6)', () => {
  // local times, whatever the machine's time zone
  const now = new Date(2026, 10, 26, 18, 0);
  const at = (day: string, time: string) => `${day} à ${time}`;

  it('"14 h 05" in French, "2:05 PM" in English', () => {
    expect(clockTime(new Date(2026, 10, 25, 14, 5), 'fr')).toBe('14\u00a0h\u00a005');
    expect(clockTime(new Date(2026, 10, 25, 9, 0), 'fr')).toBe('9\u00a0h\u00a000');
    expect(clockTime(new Date(2026, 10, 25, 14, 5), 'en')).toMatch(/^2:05\s?PM$/);
  });

  it('"hier à 14 h 05": yesterday with its time; other days as relativeTime says them', () => {
    expect(relativeWithTime(new Date(2026, 10, 25, 14, 5), now, 'fr', 'à l’instant', at)).toBe('hier à 14\u00a0h\u00a005');
    expect(relativeWithTime(new Date(2026, 10, 26, 17, 59, 30), now, 'fr', 'à l’instant', at)).toBe('à l’instant');
    expect(relativeWithTime(new Date(2026, 10, 26, 15, 0), now, 'fr', 'à l’instant', at)).toBe('il y a 3 heures');
    expect(relativeWithTime(new Date(2026, 10, 23, 18, 0), now, 'fr', 'à l’instant', at)).toBe('il y a 3 jours');
    expect(relativeWithTime(new Date(2026, 10, 25, 14, 5), now, 'en', 'just now', (d, t) => `${d} at ${t}`)).toMatch(/^yesterday at 2:05\s?PM$/);
  });

  it('the host of a claimed URL, without www.; the text itself when it is no URL', () => {
    expect(hostOf('https://www.fournil-mwy7jozy.fr/pain-au-levain')).toBe('fournil-mwy7jozy.fr');
    expect(hostOf('boulangerie.fr/pains')).toBe('boulangerie.fr');
    expect(hostOf('http://[bad')).toBe('http://[bad');
  });
});
