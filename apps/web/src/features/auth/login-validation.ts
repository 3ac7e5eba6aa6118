import { type LoginInput, loginSchema } from '@hearth/contract';

export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The login form's checks: the contract's schema, first message per field. A module of its
 * own so zod loads after the login screen shows, not before.
 */
export function validateLogin(values: LoginInput): { data?: LoginInput; errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
