import type { ContactConfig } from '@citable/shared';

/** Defaults used when the runtime config has no (or an empty) contact value. */
export const DEFAULT_CONTACT: ContactConfig = {
  email: 'contact@citable.fr',
  phone: '+33 1 84 60 12 34',
  address: '10 rue de la Paix, 75002 Paris, France',
};

/**
 * Company details shown in the footer: the brand, the legal name (the one the signed-in app's footer
 * shows, shell's COMPANY_NAME) and the year the site started (the copyright runs from it to this year).
 */
export const COMPANY = {
  name: 'Citable',
  legalName: 'Citable SAS',
  city: 'Paris, France',
  since: 2025,
} as const;

/** The copyright's years: "2025" in the first year, then "2025–2027" (the current year from the clock). */
export function copyrightYears(now: Date = new Date()): string {
  const year = now.getFullYear();
  return year > COMPANY.since ? `${COMPANY.since}–${year}` : String(COMPANY.since);
}
