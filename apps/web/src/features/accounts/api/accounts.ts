import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { type CurrentUser, useSetCurrentUser } from '../../../site.ts';

export interface SignupPayload {
  email: string;
  password: string;
  name: string;
  phone: string;
  username: string;
  date_of_birth: string;
  gender: string;
  categories: string[];
}
export type AccountPayload = Pick<SignupPayload, 'name' | 'phone' | 'username' | 'date_of_birth' | 'gender'>;

/** SPEC §7 POST /api/v1/users/ (a 403 goes home, SPEC §8, so the caller handles it). */
export const signUp = (body: SignupPayload) => api<CurrentUser>('/api/v1/users/', { method: 'POST', body, redirectOn403: false });

/** SPEC §7 POST /accounts/login/ with form fields. */
export const logIn = (email: string, password: string) => api<{ user: CurrentUser }>('/accounts/login/', { form: { email, password }, redirectOn403: false });

/** Issue #31: the opt-in to see mature work unblurred, saved on its own. */
/** Issue #34 (6): the cap on public images new projects start with. */
export const setMaxPublicWidthDefault = (id: number, max_public_width_default: number | null) =>
  api<CurrentUser>(`/api/v1/users/${id}/`, { method: 'PUT', body: { max_public_width_default } });
export const setShowMature = (id: number, show_mature: boolean) => api<CurrentUser>(`/api/v1/users/${id}/`, { method: 'PUT', body: { show_mature } });

/** SPEC §7 PUT /api/v1/users/{id}/ with the account fields; the answer becomes the current user. */
export const updateAccount = (id: number, body: AccountPayload) => api<CurrentUser>(`/api/v1/users/${id}/`, { method: 'PUT', body });

export const deleteAccount = (id: number) => api<void>(`/api/v1/users/${id}/`, { method: 'DELETE' });

export const changePassword = (id: number, body: { old_password: string; password: string }) =>
  api<{ detail: string }>(`/api/v1/users/${id}/password_change/`, { method: 'POST', body });

/** POST /accounts/logout/ with the CSRF header (issue #36: a link cannot log anyone out). */
export const logOut = () => api<void>('/accounts/logout/', { method: 'POST', redirectOn403: false });

export const requestPasswordReset = (email: string) => api<{ detail: string }>('/api/v1/users/password_reset/', { method: 'POST', body: { email } });

export const confirmPasswordReset = (body: { uidb64: string; token: string; password: string }) =>
  api<{ detail: string }>('/api/v1/users/reset/', { method: 'POST', body });

/** Issue #33.7: the mailed link's token confirms the address (no login needed); a 400 names `token`. */
export const confirmEmail = (token: string) => api<{ detail: string }>('/api/v1/users/confirm-email/', { method: 'POST', body: { token } });

/** Issue #33.7: another confirmation link to the account's address (a few an hour: 429 with the wait). */
export const resendEmailConfirmation = () => api<{ detail: string }>('/api/v1/users/me/confirm-email/', { method: 'POST' });

/**
 * After login, sign-up, account change or deletion: the new current user everywhere at once, and
 * every other cached answer refetched (collection marks, own drafts and the like depend on who asks).
 */
export function useSwitchUser() {
  const setCurrentUser = useSetCurrentUser();
  const client = useQueryClient();
  return (user: CurrentUser | null) => {
    setCurrentUser(user);
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'site' });
  };
}

/** Only same-site paths: `?redirect=https://evil.example` must not leave the site. */
export function safeRedirect(value: string | null): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
