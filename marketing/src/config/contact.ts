import type { ContactConfig } from '@citable/shared';

/** Defaults used when the runtime config has no (or an empty) contact value. */
export const DEFAULT_CONTACT: ContactConfig = {
  email: 'contact@citable.fr',
  phone: '+33 1 84 60 12 34',
  address: '10 rue de la Paix, 75002 Paris, France',
};

/** Company details shown in the footer. */
export const COMPANY = {
  name: 'Citable',
  city: 'Paris, France',
  year: 2025,
} as const;
