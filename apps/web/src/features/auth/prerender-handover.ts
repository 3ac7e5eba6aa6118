import type { LoginInput } from '@hearth/contract';
import {
  PRERENDERED_LOGIN_SUBMITTED_CLASS,
  PRERENDERED_SIGNUP_CLASS,
} from '../../prerender/prerender-constants';

type Field = keyof LoginInput;

/** What a visitor did in the prerendered login form before the app took it over. */
export interface LoginHandover {
  values: Partial<LoginInput>;
  focused?: Field;
  /** Log In was pressed (or Enter) before the app could answer: the app submits it. */
  submitted?: boolean;
}

let prerendered: { root: ParentNode; focused: () => Field | undefined } | undefined;

function fieldName(target: EventTarget | null): Field | undefined {
  const name = target instanceof HTMLInputElement ? target.name : undefined;
  return name === 'email' || name === 'password' ? name : undefined;
}

/**
 * Keeps hold of the prerendered form (main.tsx, just before the app mounts). It is read when the
 * app's form is in place: the visitor may go on typing while the app renders, and the removed
 * inputs still hold their values.
 */
export function captureLoginHandover(root: ParentNode): void {
  let focused = fieldName(document.activeElement);
  root.addEventListener('focusin', (event) => {
    focused = fieldName(event.target) ?? focused;
  });
  prerendered = { root, focused: () => focused };
}

/** The first login form to mount takes what was done in the prerendered one; later ones, nothing. */
export function takeLoginHandover(): (() => LoginHandover) | undefined {
  const taken = prerendered;
  prerendered = undefined;
  if (!taken) return undefined;
  return () => {
    const values: Partial<LoginInput> = {};
    for (const input of taken.root.querySelectorAll<HTMLInputElement>('input[name]')) {
      const name = fieldName(input);
      if (name && input.value) values[name] = input.value;
    }
    const html = document.documentElement;
    const submitted = html.classList.contains(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    html.classList.remove(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    const focused = taken.focused();
    return { values, ...(focused ? { focused } : {}), ...(submitted ? { submitted } : {}) };
  };
}

/** Whether Create Account was pressed in the prerendered screen (and not yet answered). */
export function signupRequested(): boolean {
  // The login screen is also rendered at build time, where there is no document.
  if (typeof document === 'undefined') return false;
  return document.documentElement.classList.contains(PRERENDERED_SIGNUP_CLASS);
}

/** The press was answered: Sign Up is open. */
export function clearSignupRequest(): void {
  document.documentElement.classList.remove(PRERENDERED_SIGNUP_CLASS);
}
