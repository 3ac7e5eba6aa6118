/** The server's own sentences and the interface's: every screen may show them, the first one included. */

export const SERVER_MESSAGES = {
  registerSuccess: 'Register Success ! please activate your email to start',
  loginSuccess: 'Login Success !',
  invalidCredentials: 'Invalid credentials.Please try again.',
  emailTaken: 'This email address already exists,try with a different email address',
  activated: 'Account has been activated successfully.',
  alreadyActivated: 'This account is already activated.',
  notYourActivation: "You don't have the authorization to complete this operation.",
  activationInvalid: 'This activation link is invalid or has expired.',
  verificationSent: 'Email verification link has been sent to your email.',
  accountNotFound: 'Account does not exists.',
  resetCodeSent: 'Email reset code has been sent to your email',
  resetCodeWrong: 'Verification code is wrong.',
  resetCodeExpired: 'This code has expired. Please send a new code.',
  resetCodeBurnt: 'Too many wrong codes. Please send a new code.',
  resetNotAllowed: 'Please verify the code sent to your email before changing your password.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  unauthenticated: 'Please log in to continue.',
  sessionExpired: 'Your session has ended. Please log in again.',
  loggedOut: 'You are logged out.',
  loggedOutEverywhere: 'You are logged out of all devices.',
  notFound: 'Not found.',
  tooManyRequests: 'Too many attempts. Please wait {minutes} and try again.',
  unexpected: 'Something went wrong on our side. Please try again.',
  invalidInput: 'The request is not valid.',
  activationTokenMissing: 'The activation link is missing its token.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'This kind of request body is not accepted here.',
  payloadTooLarge: 'The request is too large.',
  unstorableText:
    'Text cannot contain a NUL character or a broken Unicode character (an unpaired surrogate).',
} as const;

/** The 429 sentence with its wait filled in, rounded up to whole minutes. */
export function tooManyRequestsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return SERVER_MESSAGES.tooManyRequests.replace(
    '{minutes}',
    minutes === 1 ? '1 minute' : `${minutes} minutes`,
  );
}

export const UI_MESSAGES = {
  activationSuccess: 'Account verification succeeded. Redirecting!',
  activationFailure: 'Account verification failed.',
  unexpectedError: 'Unexpected Application Error!',
  verifyBanner:
    'Your account is not verified,verify your account before it gets deleted after a month from creating.',
  verifyBannerLink: 'click here to resend verification link',
  noPosts: 'No posts available',
  /** The page of a post that is missing, in trash or not shared with the member (/post/{postId}). */
  postUnavailable: "This post isn't available",
  postUnavailableDetail:
    'The author may have shared it with only some people or moved it to trash, or the link may be wrong.',
  postUnavailableHome: 'Go to News Feed',
  /** The notifications panel without any. */
  noNotifications: 'No notifications yet',
} as const;
