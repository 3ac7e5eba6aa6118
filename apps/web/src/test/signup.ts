import { screen, within } from '@testing-library/react';
import { renderApp } from './render-app';

/** The login page at `path`, then Sign Up opened from Create Account, its form shown. */
export async function openSignUp(options: Parameters<typeof renderApp>[1] = {}, path = '/login') {
  const app = renderApp(path, options);
  await app.user.click(await screen.findByRole('button', { name: 'Create Account' }));
  return signUpForm(app);
}

/** The Sign Up dialog that is open, once its form shows, and its fields. */
export async function signUpForm(app: ReturnType<typeof renderApp>) {
  const dialog = await screen.findByRole('dialog', { name: 'Sign Up' });
  const inDialog = within(dialog);
  // The form shows once GET /about has said who may join.
  const firstName = await inDialog.findByPlaceholderText('First name');
  return {
    ...app,
    dialog,
    firstName,
    surname: inDialog.getByPlaceholderText('Surname'),
    email: inDialog.getByPlaceholderText('Mobile number or email address'),
    password: inDialog.getByPlaceholderText('New password'),
    year: inDialog.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement,
    month: inDialog.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement,
    day: inDialog.getByRole('combobox', { name: 'Day' }) as HTMLSelectElement,
    submit: inDialog.getByRole('button', { name: 'Sign Up' }),
  };
}

export type Form = Awaited<ReturnType<typeof openSignUp>>;

/** Types `value` into `field`, then leaves it, as a person moving on does. */
export async function fillAndLeave(form: Form, field: HTMLElement, value: string) {
  await form.user.clear(field);
  if (value) await form.user.type(field, value);
  await form.user.tab();
}

export async function fillValidForm(form: Form) {
  const year = String(new Date().getFullYear() - 30);
  await form.user.type(form.firstName, 'Ada');
  await form.user.type(form.surname, 'Owen');
  await form.user.type(form.email, 'ada@example.com');
  await form.user.type(form.password, 'a strong one');
  await form.user.selectOptions(form.year, year);
  await form.user.selectOptions(form.month, 'Mar');
  await form.user.selectOptions(form.day, '14');
  await form.user.click(within(form.dialog).getByRole('radio', { name: 'Female' }));
}
