export { defineMessages, type MessageDescriptor } from '@hearth/contract';
export {
  type AppLanguage,
  catalogueComplete,
  currentLanguage,
  finishCatalogue,
  formatLocale,
  hasCatalogue,
  LANGUAGE_PARAM,
  lazyTranslated,
  PSEUDO,
  preferredLanguage,
  pseudoMarked,
  setLanguage,
  takeLanguageChosenBeforeLogin,
  takeLanguageFromAddress,
  translate,
  useLanguage,
  useT,
} from './i18n';
export { T } from './t';
