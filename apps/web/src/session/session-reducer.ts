import type { SessionUser } from '@hearth/contract';

export interface SessionState {
  user: SessionUser | null;
}

export type SessionAction =
  | { type: 'LOGIN'; payload: SessionUser }
  | { type: 'LOGOUT' }
  | { type: 'UPDATEPICTURE'; payload: string }
  | { type: 'VERIFY'; payload: boolean };

/** Spec section 4: LOGIN sets the user, LOGOUT clears it, UPDATEPICTURE and VERIFY patch it. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'LOGIN':
      return { user: action.payload };
    case 'LOGOUT':
      return { user: null };
    case 'UPDATEPICTURE':
      return state.user ? { user: { ...state.user, picture: action.payload } } : state;
    case 'VERIFY':
      return state.user ? { user: { ...state.user, verified: action.payload } } : state;
  }
}
