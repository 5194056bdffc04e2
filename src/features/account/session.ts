import { createContext, useContext } from 'react';
import type { Feature, OpId } from '../../../contract';
import type { Session } from './api/queries';

export const SessionContext = createContext<Session | null>(null);

/** The signed-in person; only inside the signed-in part of the app. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in page');
  return s;
}

export function useCan() {
  const s = useSession();
  return {
    op: (id: OpId) => s.permissions.ops.includes(id),
    feature: (f: Feature) => s.permissions.features.includes(f),
  };
}
