/**
 * "Remember password" (spec §3: a flag and the remembered credentials are kept locally). Only the
 * phone number is remembered — the password never touches browser storage; the longer session the
 * server grants on a remembered login is what spares the visitor from typing it again.
 */

const FLAG_KEY = 'rememberPassword';
const PHONE_KEY = 'rememberedUser';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); remembering is then simply off.
    return null;
  }
}

export function rememberedPhone(): string | null {
  const s = storage();
  if (s === null || s.getItem(FLAG_KEY) !== '1') return null;
  return s.getItem(PHONE_KEY);
}

export function remember(phone: string) {
  const s = storage();
  s?.setItem(FLAG_KEY, '1');
  s?.setItem(PHONE_KEY, phone);
}

/** Spec §4 "Change password": the remembered entry is removed and the flag set to 0. */
export function forget() {
  const s = storage();
  s?.removeItem(PHONE_KEY);
  s?.setItem(FLAG_KEY, '0');
}
