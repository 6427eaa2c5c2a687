import { useStore } from '../store.ts';
import { session, type SessionState } from './session.ts';

/** Reads part of the session; the component re-renders when that part changes. */
export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(session.store, select);
}
