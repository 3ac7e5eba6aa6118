export { defineMessages, type MessageDescriptor } from '@hearth/contract';
export {
  type AppLanguage,
  currentLanguage,
  formatLocale,
  hasCatalogue,
  LANGUAGE_PARAM,
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
