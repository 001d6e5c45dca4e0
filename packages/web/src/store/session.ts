import type { User } from '@parley/schema';
import { create } from 'zustand';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

type SessionState = {
  status: SessionStatus;
  /** Access token: memory only, never persisted (DESIGN §4, §9). */
  token: string | null;
  user: User | null;
  signedIn: (token: string, user: User) => void;
  tokenRefreshed: (token: string, user?: User) => void;
  signedOut: () => void;
};

export const useSession = create<SessionState>()((set) => ({
  status: 'loading',
  token: null,
  user: null,
  signedIn: (token, user) => set({ status: 'authenticated', token, user }),
  tokenRefreshed: (token, user) => set((s) => ({ status: 'authenticated', token, user: user ?? s.user })),
  signedOut: () => set({ status: 'unauthenticated', token: null, user: null }),
}));

export const getAccessToken = (): string | null => useSession.getState().token;
