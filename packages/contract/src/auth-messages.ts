import { JOIN_REASON_MAX } from './constants.js';

/** Logging in, signing up and finding an account: spec section 5's messages for those forms, verbatim (typos included). */

export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email',
  passwordRequired: 'Please provide your password',
} as const;

export const REGISTER_MESSAGES = {
  firstNameRequired: "What's your First name ?",
  lastNameRequired: "What's your Last name ?",
  firstNameLength: 'First name must be between 2 and 16 characters.',
  lastNameLength: 'Last name must be between 2 and 16 characters.',
  nameLetters: 'Numbers and special characters are not allowed.',
  emailRequired: "You'll need this when you log in and if you ever need to reset your password.",
  emailInvalid: 'Enter a valid email address.',
  // The spec gives no message for an empty password; this one is ours.
  passwordRequired:
    'Enter a combination of at least six numbers, letters and punctuation marks (such as ! and &).',
  passwordMin: 'Password must be atleast 6 characters.',
  passwordMax: "Password can't be more than 36 characters",
  birthDate:
    'it looks like you(ve enetered the wrong info.Please make sure that you use your real date of birth.',
  genderRequired: 'Please choose a gender. You can change who can see this later.',
} as const;

export const FIND_ACCOUNT_MESSAGES = {
  emailRequired: 'Enter your Email to continue',
  emailInvalid: 'Enter a valid Email',
  emailMax: "Email can't be more than 50 characters",
} as const;

export const RESET_CODE_MESSAGES = {
  required: 'verification code is required to continue',
  min: 'must be 5 characters',
  max: 'maximum of 5 characters',
} as const;

export const NEW_PASSWORD_MESSAGES = {
  required: 'Enter new Password',
  min: 'Enter at least 6 characters',
  max: 'must be between 6 and 50 characters',
  confirmRequired: 'confirm password',
  mismatch: 'passwords do not match',
} as const;

/** Who may join (API.md, Hosts in charge): the sign-up's and login's sentences. */
export const SIGNUP_MESSAGES = {
  /** The sign-up answer in approval mode (API.md, verbatim). */
  awaitingApproval: 'Your request to join is waiting for approval.',
  loginPending:
    'Your request to join is still waiting for approval. You will get an e-mail when a moderator has looked at it.',
  closed: 'This server is not accepting new members at the moment.',
  inviteRequired: 'You need an invite to join this server.',
  inviteInvalid: 'This invite is not valid: it has expired or has been used up.',
  emailRefused: 'Sign-up with this e-mail address is not possible on this server.',
  reasonRequired: 'Please tell us why you want to join.',
  reasonMax: `Your answer must be at most ${JOIN_REASON_MAX} characters.`,
  rulesRequired: 'Please agree to the server rules to join.',
} as const;
