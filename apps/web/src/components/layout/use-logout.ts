import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';

/** Logout: goes to /home, then clears the stored session and every cached answer (spec section 2). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    // Leave the signed-in page first (committed synchronously): clearing the session while it is still
    // mounted makes its guard redirect to /auth/login, and that redirect would win over /home.
    void Promise.resolve(navigate('/home', { flushSync: true })).finally(() => {
      clearSession();
      queryClient.clear();
    });
  }, [navigate, queryClient]);
}
