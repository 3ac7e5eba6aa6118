import type {
  AuthResponse,
  FindUserInput,
  LoginInput,
  MessageResponse,
  RegisterInput,
  ResetPasswordInput,
  ResetUserInfo,
  ValidateResetCodeInput,
} from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../session/session-context';

/** Mutations of spec section 7, authentication. */

export function useLoginMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthResponse>('/auth/login', input),
  });
}

export function useRegisterMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<AuthResponse>('/auth/register', input),
  });
}

export function useActivateAccountMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api.post<MessageResponse>('/auth/activateAccount', { token }),
  });
}

export function useResendVerificationMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/auth/resendVerification'),
  });
}

export function useFindUserMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: FindUserInput) => api.post<ResetUserInfo>('/auth/findUser', input),
  });
}

export function useSendResetCodeMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: FindUserInput) => api.post<MessageResponse>('/auth/sendResetCode', input),
  });
}

export function useValidateResetCodeMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ValidateResetCodeInput) =>
      api.post<MessageResponse>('/auth/validateResetCode', input),
  });
}

export function useResetPasswordMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<MessageResponse>('/auth/resetPassword', input),
  });
}
