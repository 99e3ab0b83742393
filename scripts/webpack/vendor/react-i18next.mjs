// Module-federation facade of react-i18next (share key 'react-i18next'; see ./README.md): the apps
// translate with useTranslation only, so <Trans> and its HTML parser stay out of the download.
export { I18nextProvider, initReactI18next, useTranslation } from 'citable-vendor-impl/react-i18next';
