import {
  configureResponse,
  currentUserResponse,
  emptyPlatformResponse,
  goverSitesResponse,
  type OperatorProfile,
  platformCaptchaResponse,
  sessionStatusResponse,
  shortcutsResponse,
  signInResponse,
  todoNumResponse,
  userMenusResponse,
} from '@lantian/contracts';
import { apiGet, apiPostJson } from '../../shared/api';

/** The platform session's calls (spec §7 "Platform session") and the portal's, as the shell uses them. */

export type { OperatorProfile };

export const sessionKeys = {
  me: ['session', 'me'] as const,
  configure: ['session', 'configure'] as const,
  status: ['session', 'status'] as const,
  menus: ['session', 'menus'] as const,
  todo: ['session', 'todo'] as const,
  shortcuts: ['portal', 'shortcuts'] as const,
  goverSites: ['portal', 'gover-sites'] as const,
};

export const getCurrentUser = (signal?: AbortSignal) =>
  apiGet('/sys/user/currentUser', {}, currentUserResponse, { signal });
export const getConfigure = (signal?: AbortSignal) =>
  apiGet('/zhhb/center/configure', {}, configureResponse, { signal });
export const getSessionStatus = (signal?: AbortSignal) =>
  apiGet('/zhhb/center/status', {}, sessionStatusResponse, { signal });
export const getCaptcha = () => apiGet('/zhhb/getCaptchaImage', {}, platformCaptchaResponse);
export const getUserMenus = (signal?: AbortSignal) =>
  apiGet('/portal/shortcut/getUserMenus', {}, userMenusResponse, { signal });
export const getTodoNum = (signal?: AbortSignal) => apiGet('/zhhb/center/todoNum', {}, todoNumResponse, { signal });
export const getShortcuts = (signal?: AbortSignal) =>
  apiGet('/portal/shortcut/getUserShortCut', {}, shortcutsResponse, { signal });
export const getGoverSites = (signal?: AbortSignal) =>
  apiGet('/portal/shortcut/getGoverSites', {}, goverSitesResponse, { signal });

export interface SignInForm {
  username: string;
  password: string;
  validateCode: string;
  uuid: string;
}

export const signIn = (form: SignInForm) => apiPostJson('/zhhb', form, signInResponse);
export const signOut = () => apiGet('/zhhb/logout', {}, emptyPlatformResponse);

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const changePassword = (form: PasswordForm) =>
  apiPostJson('/zhhb/center/modifyPwd', form, emptyPlatformResponse);

/** Keeps the menu shortcuts, in this order (menu keys); other shortcuts stay. */
export const saveMenuShortcuts = (keys: readonly string[]) =>
  apiPostJson('/portal/shortcut/batchSaveUserShortCut', { ids: keys.join(',') }, shortcutsResponse);
