import { getRuntimeConfig, type ContactConfig } from '@citable/shared';
import { DEFAULT_CONTACT } from '../config/contact';

/** Contact details from the runtime config (`/config.json`), each empty value falling back to the defaults. */
export function getContact(): ContactConfig {
  let fromConfig: Partial<ContactConfig> = {};
  try {
    fromConfig = getRuntimeConfig().contact ?? {};
  } catch {
    // config not loaded (standalone render, prerender): defaults
  }
  return {
    email: fromConfig.email?.trim() || DEFAULT_CONTACT.email,
    phone: fromConfig.phone?.trim() || DEFAULT_CONTACT.phone,
    address: fromConfig.address?.trim() || DEFAULT_CONTACT.address,
  };
}
