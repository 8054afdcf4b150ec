// Request and response schemas of the auth module (shared by web and server).
import { z } from 'zod';

/** Minimum password length; the spec only requires a password, a floor keeps accounts guessable-proof. */
export const PASSWORD_MIN_LENGTH = 8;
/** Argon2 cost grows with length; a ceiling keeps a single request cheap. */
export const PASSWORD_MAX_LENGTH = 128;

/** Error codes the auth endpoints answer with (`code` in the error body). */
export const AUTH_ERROR_CODES = {
  emailNotVerified: 'email_not_verified',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  invalidToken: 'invalid_token',
  tooManyAttempts: 'too_many_attempts',
} as const;

const requiredText = (msg: string) => z.string({ error: msg }).trim().min(1, msg);

/** Trimmed, lower-cased e-mail; 'Email is required' / 'Please enter a valid email address'. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  // abort: an empty field shows only 'Password is required', not the length rule too.
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

const confirmSchema = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');

/** POST /api/auth/register. `phone` is already '0' + country code digits + number (spec section 5). */
export const registerRequestSchema = z
  .object({
    companyName: requiredText('Company name is required').pipe(z.string().max(200, 'Company name is too long')),
    email: emailSchema,
    phone: requiredText('Phone is required').pipe(z.string().regex(/^[0-9+ ()-]{4,24}$/, 'Please enter a valid phone number')),
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/register answer (201). */
export const registerResponseSchema = z.object({ message: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/auth/login. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user record (spec section 3) plus company name, phone and e-mail verification. Dates are ISO text. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  company_name: z.string(),
  phone: z.string(),
  remain_plan: z.number().int(),
  used_plan: z.number().int(),
  total_plan: z.number().int().optional(),
  can_create_project: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/auth/login answer. */
export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/forgot-password and POST /api/auth/resend-verification. */
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const forgotPasswordRequestSchema = emailOnlyRequestSchema;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const resendVerificationRequestSchema = emailOnlyRequestSchema;
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;

/** POST /api/auth/reset-password. */
export const resetPasswordRequestSchema = z
  .object({
    token: requiredText('The reset link is invalid'),
    password: newPasswordSchema,
    confirmPassword: confirmSchema,
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** POST /api/auth/verify-email. */
export const verifyEmailRequestSchema = z.object({ token: requiredText('The verification link is invalid') });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** Answer of forgot-password, resend-verification, verify-email and reset-password. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/user/profile answer. */
export const profileResponseSchema = z.object({ user: userSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
