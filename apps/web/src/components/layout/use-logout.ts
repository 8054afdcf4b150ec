import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/session';

/** Logout: clears the stored session and every cached answer, then goes to /home (spec section 2). */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSession();
    queryClient.clear();
    navigate('/home');
  }, [navigate, queryClient]);
}
