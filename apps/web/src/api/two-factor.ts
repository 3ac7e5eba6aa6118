import {
  ROUTES,
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  type TwoFactorSetupInput,
} from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { accountKeys } from './account';

// Two-factor sign-in (Settings → Two-factor sign-in; API.md, One's own account). Each change
// reads the account again: whether it is on, and the recovery codes left.

/** A new secret, not yet in force: the QR code and the key to type. */
export function useTwoFactorSetupMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: TwoFactorSetupInput) => api.call(ROUTES.twoFactorSetup, { body: input }),
  });
}

/** The first code turns it on; the answer carries the recovery codes, shown this once. */
export function useTwoFactorEnableMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorEnableInput) => api.call(ROUTES.twoFactorEnable, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.account }),
  });
}

/** The password and a code turn it off. */
export function useTwoFactorDisableMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      api.call(ROUTES.twoFactorDisable, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.account }),
  });
}
