/** One's own account (API.md, One's own account): the Settings page's sentences. */
export const ACCOUNT_MESSAGES = {
  // Language (the languages issue).
  languageChanged: 'Your language is changed.',
  languageInvalid: 'Choose one of the languages in the list.',
  nameChanged: 'Your name is changed.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password is changed. Your other devices are logged out.',
  // E-mail.
  emailSame: 'That is already your e-mail address.',
  emailChangeSent: 'We sent a link to your new address. Your e-mail changes when you open it.',
  emailLinkInvalid: 'This link has expired or was already used.',
  emailChanged: 'Your e-mail address is changed.',
  // Where you're logged in.
  sessionEnded: 'That device is logged out.',
  // Two-factor sign-in.
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not right. Try the newest code from your app.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotSetUp: 'Start again: set up two-factor sign-in first.',
  twoFactorOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor sign-in is off.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  loginCodeNeeded: 'Enter the code from your authenticator app, or one of your recovery codes.',
  loginTicketExpired: 'That took too long. Log in again.',
  // Download your information.
  exportRequested:
    'We are getting your information ready. We will tell you when it can be downloaded.',
  exportUnderWay: 'Your information is already being prepared.',
  exportReady: 'Your information is ready to download.',
  // Delete my account.
  staffCannotDelete:
    'Moderators and admins cannot delete their account. Ask an admin to make you a member first.',
  accountDeleted: 'Your account is deleted. You can still log in within 30 days to keep it.',
  deletionScheduled: 'Your account is being deleted. Log in to keep it, or leave it to go.',
  deletionCancelled: 'Welcome back. Your account is no longer being deleted.',
} as const;
