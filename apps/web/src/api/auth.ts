import {
  type CancelDeletionInput,
  type FindUserInput,
  type LoginInput,
  type LoginTwoFactorInput,
  type RegisterInput,
  type ResetPasswordInput,
  ROUTES,
  type ValidateResetCodeInput,
} from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../session/session-context';

/** Mutations of spec section 7, authentication. */

export function useLoginMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LoginInput) => api.call(ROUTES.login, { body: input }),
  });
}

/** A login's second step: the ticket login answered, and a code from the app or a recovery code. */
export function useLoginTwoFactorMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LoginTwoFactorInput) => api.call(ROUTES.loginTwoFactor, { body: input }),
  });
}

/** Keeps an account being deleted: the ticket its login answered; answers a session. */
export function useCancelDeletionMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: CancelDeletionInput) => api.call(ROUTES.cancelDeletion, { body: input }),
  });
}

export function useRegisterMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.call(ROUTES.register, { body: input }),
  });
}

export function useActivateAccountMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api.call(ROUTES.activateAccount, { body: { token } }),
  });
}

export function useResendVerificationMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.call(ROUTES.resendVerification),
  });
}

export function useFindUserMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: FindUserInput) => api.call(ROUTES.findUser, { body: input }),
  });
}

export function useSendResetCodeMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: FindUserInput) => api.call(ROUTES.sendResetCode, { body: input }),
  });
}

export function useValidateResetCodeMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ValidateResetCodeInput) =>
      api.call(ROUTES.validateResetCode, { body: input }),
  });
}

export function useResetPasswordMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.call(ROUTES.resetPassword, { body: input }),
  });
}
