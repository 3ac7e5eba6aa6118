import {
  BIRTH_YEAR_CHOICES,
  MIN_SIGNUP_AGE,
  REDIRECT_DELAY_MS,
  REGISTER_MESSAGES,
  SERVER_MESSAGES,
  WIDE_LAYOUT_BREAKPOINTS,
} from '@hearth/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, type FakeAnswer, stubServer } from '../../test/fake-server';
import { authAnswer } from '../../test/fixtures';
import { setWindowWidth, userCookie } from '../../test/render-app';
import { fillAndLeave, fillValidForm, openSignUp } from '../../test/signup';

// An open server (GET /about) unless a test stubs its own.
beforeEach(() => {
  stubServer({});
});
afterEach(() => setWindowWidth(1024));

describe('sign-up modal', () => {
  it('opens from Create Account with the first name focused, and closes with its close button', async () => {
    const form = await openSignUp();
    expect(form.firstName).toHaveFocus();
    await form.user.click(within(form.dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveFocus();
  });

  it('closes with the Escape key', async () => {
    const form = await openSignUp();
    await form.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('shows a name error only once the field has been left', async () => {
    const form = await openSignUp();
    await form.user.type(form.firstName, 'A1');
    expect(screen.queryByText(REGISTER_MESSAGES.nameLetters)).not.toBeInTheDocument();
    await form.user.tab();
    expect(await screen.findByText(REGISTER_MESSAGES.nameLetters)).toBeInTheDocument();
    expect(form.firstName).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['First name', REGISTER_MESSAGES.firstNameRequired, REGISTER_MESSAGES.firstNameLength],
    ['Surname', REGISTER_MESSAGES.lastNameRequired, REGISTER_MESSAGES.lastNameLength],
  ] as const)('checks the %s: required, 2 to 16 letters', async (placeholder, required, length) => {
    const form = await openSignUp();
    const field = within(form.dialog).getByPlaceholderText(placeholder);

    await fillAndLeave(form, field, '');
    expect(await screen.findByText(required)).toBeInTheDocument();
    await fillAndLeave(form, field, 'A');
    expect(await screen.findByText(length)).toBeInTheDocument();
    await fillAndLeave(form, field, 'Al');
    expect(screen.queryByText(length)).not.toBeInTheDocument();
    await fillAndLeave(form, field, 'A'.repeat(16));
    expect(screen.queryByText(length)).not.toBeInTheDocument();
    await fillAndLeave(form, field, 'A'.repeat(17));
    expect(await screen.findByText(length)).toBeInTheDocument();
    await fillAndLeave(form, field, 'Al3x');
    expect(await screen.findByText(REGISTER_MESSAGES.nameLetters)).toBeInTheDocument();
    await fillAndLeave(form, field, 'Zoë');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('checks the e-mail: required and valid', async () => {
    const form = await openSignUp();
    await fillAndLeave(form, form.email, '');
    expect(await screen.findByText(REGISTER_MESSAGES.emailRequired)).toBeInTheDocument();
    await fillAndLeave(form, form.email, 'ada@example');
    expect(await screen.findByText(REGISTER_MESSAGES.emailInvalid)).toBeInTheDocument();
    await fillAndLeave(form, form.email, 'ada@example.com');
    expect(form.email).not.toHaveAttribute('aria-invalid');
  });

  it('checks the password: required, 6 to 36 characters', async () => {
    const form = await openSignUp();
    await fillAndLeave(form, form.password, '');
    expect(await screen.findByText(REGISTER_MESSAGES.passwordRequired)).toBeInTheDocument();
    await fillAndLeave(form, form.password, '12345');
    expect(await screen.findByText(REGISTER_MESSAGES.passwordMin)).toBeInTheDocument();
    await fillAndLeave(form, form.password, '123456');
    expect(screen.queryByText(REGISTER_MESSAGES.passwordMin)).not.toBeInTheDocument();
    await fillAndLeave(form, form.password, 'p'.repeat(36));
    expect(form.password).not.toHaveAttribute('aria-invalid');
    await fillAndLeave(form, form.password, 'p'.repeat(37));
    expect(await screen.findByText(REGISTER_MESSAGES.passwordMax)).toBeInTheDocument();
  });

  it(`rejects a birth date under ${MIN_SIGNUP_AGE} years, by the date selects, once touched`, async () => {
    const form = await openSignUp();
    const thisYear = new Date().getFullYear();
    // The form starts on today's date, which is too young, but says nothing yet.
    expect(screen.queryByText(REGISTER_MESSAGES.birthDate)).not.toBeInTheDocument();

    await form.user.click(form.year);
    await form.user.tab();
    expect(await screen.findByText(REGISTER_MESSAGES.birthDate)).toBeInTheDocument();
    expect(form.year).toHaveAttribute('aria-invalid', 'true');

    // Born exactly MIN_SIGNUP_AGE years ago today: accepted.
    await form.user.selectOptions(form.year, String(thisYear - MIN_SIGNUP_AGE));
    await vi.waitFor(() =>
      expect(screen.queryByText(REGISTER_MESSAGES.birthDate)).not.toBeInTheDocument(),
    );
    // One year younger: refused again.
    await form.user.selectOptions(form.year, String(thisYear - MIN_SIGNUP_AGE + 1));
    expect(await screen.findByText(REGISTER_MESSAGES.birthDate)).toBeInTheDocument();
  });

  it('asks for a gender on submit, and forgets it once one is chosen', async () => {
    stubServer({});
    const form = await openSignUp();
    await form.user.click(form.submit);
    expect(await screen.findByText(REGISTER_MESSAGES.genderRequired)).toBeInTheDocument();
    // A submit attempt shows every field's error, the birth date's included.
    expect(screen.getByText(REGISTER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(REGISTER_MESSAGES.birthDate)).toBeInTheDocument();
    await form.user.click(within(form.dialog).getByRole('radio', { name: 'Male' }));
    await vi.waitFor(() =>
      expect(screen.queryByText(REGISTER_MESSAGES.genderRequired)).not.toBeInTheDocument(),
    );
  });

  it(`offers ${BIRTH_YEAR_CHOICES} years ending this year, and months by name`, async () => {
    const form = await openSignUp();
    const years = within(form.year).getAllByRole('option');
    const thisYear = new Date().getFullYear();
    expect(years).toHaveLength(108);
    expect(years[0]).toHaveTextContent(String(thisYear));
    expect(years.at(-1)).toHaveTextContent(String(thisYear - 107));
    const months = within(form.month)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });

  it('offers the days of the chosen month, February of a leap year included', async () => {
    const form = await openSignUp();
    const dayCount = () => within(form.day).getAllByRole('option').length;
    await form.user.selectOptions(form.year, '2024');
    await form.user.selectOptions(form.month, 'Jan');
    expect(dayCount()).toBe(31);
    await form.user.selectOptions(form.day, '31');
    await form.user.selectOptions(form.month, 'Feb');
    expect(dayCount()).toBe(29);
    // The 31st does not exist in February: the last day is chosen instead.
    await vi.waitFor(() => expect(form.day.value).toBe('29'));
    await form.user.selectOptions(form.year, '2023');
    expect(dayCount()).toBe(28);
    await form.user.selectOptions(form.month, 'Apr');
    expect(dayCount()).toBe(30);
  });

  it('puts an error under its field on narrow screens and beside it on wide ones', async () => {
    setWindowWidth(375);
    const form = await openSignUp();
    await fillAndLeave(form, form.firstName, '');
    expect(await screen.findByText(REGISTER_MESSAGES.firstNameRequired)).toHaveAttribute(
      'data-placement',
      'below',
    );
    act(() => setWindowWidth(WIDE_LAYOUT_BREAKPOINTS.form));
    expect(await screen.findByText(REGISTER_MESSAGES.firstNameRequired)).toHaveAttribute(
      'data-placement',
      'left',
    );
  });

  it('signs up: a spinner while sending, the message in green, then home after the delay', async () => {
    const answer = deferred<FakeAnswer>();
    const { calls } = stubServer({ register: () => answer.promise });
    const form = await openSignUp({ fakeTimers: true });
    await fillValidForm(form);
    await form.user.click(form.submit);

    expect(await screen.findByRole('status', { name: 'Signing up' })).toBeInTheDocument();
    expect(form.submit).toBeDisabled();
    expect(calls.find((call) => call.name === 'register')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Owen',
      email: 'ada@example.com',
      password: 'a strong one',
      bYear: new Date().getFullYear() - 30,
      bMonth: 3,
      bDay: 14,
      gender: 'female',
    });

    answer.resolve({
      body: authAnswer({ message: SERVER_MESSAGES.registerSuccess, verified: false }),
    });
    expect(await screen.findByText(SERVER_MESSAGES.registerSuccess)).toHaveAttribute(
      'role',
      'status',
    );
    expect(userCookie()).toMatchObject({ first_name: 'Ada', verified: false });
    expect(userCookie()).not.toHaveProperty('message');

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS.register - 100));
    expect(form.pathname()).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('link', { name: 'Ada' })).toBeInTheDocument();
    expect(form.pathname()).toBe('/');
  });

  it("shows the server's refusal as error text", async () => {
    stubServer({
      register: () => ({ status: 409, body: { message: SERVER_MESSAGES.emailTaken } }),
    });
    const form = await openSignUp();
    await fillValidForm(form);
    await form.user.click(form.submit);
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      SERVER_MESSAGES.emailTaken,
    );
    expect(userCookie()).toBeNull();
  });
});
