import type { configureResponse, OperatorProfile, userMenusResponse } from '@lantian/contracts';
import { createContext, useContext } from 'react';

/** The `data` of a call's answer, from its response schema. */
type DataOf<S extends { safeParse(v: unknown): unknown }> =
  Extract<ReturnType<S['safeParse']>, { success: true }> extends { data: { data: infer T } } ? T : never;

export type Configure = DataOf<typeof configureResponse>;
export type Menus = DataOf<typeof userMenusResponse>;

export interface Session {
  operator: OperatorProfile;
  configure: Configure;
  /** The menu the server built from the operator's permissions (getUserMenus). */
  menus: Menus;
  /** Ends the session on the server and shows the sign-in page. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in operator, inside the session gate (every page of the shell is). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside the session gate');
  return session;
}

/** Whether the signed-in operator holds a permission (to show an action; the server checks it again). */
export function useCan(permission: string): boolean {
  return useSession().operator.permissions.includes(permission);
}
