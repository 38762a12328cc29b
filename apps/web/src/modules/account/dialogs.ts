import { useSyncExternalStore } from 'react';

/**
 * Which account dialog is shown (spec §4 "Shell and search": login dialog and change-password dialog
 * shown or hidden). Kept outside React so any part of the site can ask for the login dialog.
 */

export type LoginMode = 'login' | 'registry' | 'findpwd';

export interface DialogState {
  login: LoginMode | null;
  changePassword: boolean;
}

let state: DialogState = { login: null, changePassword: false };
const listeners = new Set<() => void>();

function set(next: DialogState) {
  state = next;
  for (const l of listeners) l();
}

export function openLoginDialog(mode: LoginMode = 'login') {
  set({ ...state, login: mode });
}

export function closeLoginDialog() {
  set({ ...state, login: null });
}

export function openChangePasswordDialog() {
  set({ ...state, changePassword: true });
}

export function closeChangePasswordDialog() {
  set({ ...state, changePassword: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useDialogs(): DialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
