import {
  type TMfaSignInBody,
  type TSession,
  type TSignInBody,
  type TSignInResult,
  type TSignUpBody,
  type TUser,
  UI_TEXT,
} from '@netguard/contracts';
import { createContext, useContext } from 'react';
import type { TAuthStatus } from '@/features/auth/session-store';

export type TAuthContext = {
  status: TAuthStatus;
  /** True until the first session check has answered. */
  loading: boolean;
  session: TSession | null;
  user: TUser | null;
  /** Signs in, or answers the MFA challenge the account needs first (no session yet). */
  signIn: (body: TSignInBody) => Promise<TSignInResult>;
  /** Finishes a sign-in with MFA: the challenge token and a code open the session. */
  completeSignIn: (body: TMfaSignInBody) => Promise<TSession>;
  /** Creates the account; resolves with the server's confirmation message. */
  signUp: (body: TSignUpBody) => Promise<string>;
  signOut: () => Promise<void>;
  updateUser: (user: TUser) => void;
};

export const AuthContext = createContext<TAuthContext | null>(null);

/** The signed-in user, session and auth actions; only valid inside an AuthProvider. */
export function useAuth(): TAuthContext {
  const context = useContext(AuthContext);
  if (!context) throw new Error(UI_TEXT.authProviderMissing);
  return context;
}
