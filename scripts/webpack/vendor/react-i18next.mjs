// Module-federation facade of react-i18next (share key 'react-i18next'; see ./README.md): the public
// pages translate with useTranslation only, so <Trans> and its HTML parser stay out of their download.
// The signed-in remotes import react-i18next itself (bundled) and meet the same context and i18next
// instance through its shared state modules (shared-deps.cjs FACADES).
export { I18nextProvider, initReactI18next, useTranslation } from 'citable-vendor-impl/react-i18next';
