import type { LoginInput } from '@hearth/contract';

/** What a visitor did in the prerendered login form before the app took it over. */
export interface LoginHandover {
  values: Partial<LoginInput>;
  focused?: keyof LoginInput;
}

let handover: LoginHandover | undefined;

/** Reads the prerendered form's fields (main.tsx, just before the app replaces them). */
export function captureLoginHandover(root: ParentNode): void {
  const values: Partial<LoginInput> = {};
  let focused: keyof LoginInput | undefined;
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) {
    const name = input.name;
    if (name !== 'email' && name !== 'password') continue;
    if (input.value) values[name] = input.value;
    if (document.activeElement === input) focused = name;
  }
  handover = focused ? { values, focused } : { values };
}

/** The first login form to mount takes what was typed; later ones start empty. */
export function takeLoginHandover(): LoginHandover | undefined {
  const taken = handover;
  handover = undefined;
  return taken;
}
