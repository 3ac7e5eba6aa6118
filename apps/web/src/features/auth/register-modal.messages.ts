import { defineMessages } from '@hearth/contract';

/** Sign Up. */
export const registerMessages = defineMessages('auth.register', {
  title: 'Sign Up',
  subtitle: "It's quick and easy.",
  loading: 'Loading',
  ok: 'OK',
  firstName: 'First name',
  surname: 'Surname',
  email: 'Mobile number or email address',
  newPassword: 'New password',
  dateOfBirth: 'Date of birth',
  day: 'Day',
  month: 'Month',
  year: 'Year',
  gender: 'Gender',
  female: 'Female',
  male: 'Male',
  custom: 'Custom',
  inviteCode: 'Invite code',
  whyJoin: 'Why do you want to join?',
  serverRules: 'Server rules',
  agreeRules: 'I agree to the server rules',
  terms:
    'People who use our service may have uploaded your contact information to Hearth. By clicking Sign Up, you agree to the terms and privacy policy of this Hearth community.',
  signUp: 'Sign Up',
  signingUp: 'Signing up',
});
