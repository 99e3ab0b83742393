// Module-federation facade of react-i18next (share key 'react-i18next'; see ./README.md): the whole
// API of the package, listed once so that a remote can use <Trans>, withTranslation or the ICU helpers
// without a shell release (the apps themselves translate with useTranslation).
export {
  I18nContext, I18nextProvider, IcuTrans, IcuTransWithoutContext, Trans, TransWithoutContext, Translation,
  composeInitialProps, date, getDefaults, getI18n, getInitialProps, initReactI18next, nodesToString, number,
  plural, select, selectOrdinal, setDefaults, setI18n, time, useSSR, useTranslation, withSSR, withTranslation
} from 'citable-vendor-impl/react-i18next';
