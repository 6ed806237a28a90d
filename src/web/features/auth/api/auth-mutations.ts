import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSignIn, TSignUp } from '../../../../shared/contracts/auth.ts';
import { apiRequest } from '../../../lib/api.ts';

export type AuthProviders = { password: boolean; oidc: { id: string; name: string } | null; demo: boolean };

export function useAuthProviders() {
  return useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
}

export function useSignIn() {
  return useMutation({ mutationFn: (input: TSignIn) => apiRequest('POST', '/api/auth/sign-in', input) });
}

export function useSignUp() {
  return useMutation({ mutationFn: (input: TSignUp) => apiRequest('POST', '/api/auth/sign-up', input) });
}
