import type {
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
} from '@plansight/contracts';
import { apiRequest } from '../../../lib/api-client';

/** The auth endpoints (spec section 7). None sends the stored token. */
export const authApi = {
  login: (body: LoginRequest) => apiRequest<LoginResponse>('/auth/login', { method: 'POST', json: body, auth: false }),
  register: (body: RegisterRequest) => apiRequest<RegisterResponse>('/auth/register', { method: 'POST', json: body, auth: false }),
  verifyEmail: (token: string) => apiRequest<MessageResponse>('/auth/verify-email', { method: 'POST', json: { token }, auth: false }),
  resendVerification: (email: string) =>
    apiRequest<MessageResponse>('/auth/resend-verification', { method: 'POST', json: { email }, auth: false }),
  forgotPassword: (email: string) => apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', json: { email }, auth: false }),
  resetPassword: (body: ResetPasswordRequest) =>
    apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', json: body, auth: false }),
};
