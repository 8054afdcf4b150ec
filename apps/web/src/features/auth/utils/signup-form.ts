import { registerRequestSchema, type RegisterRequest } from '@plansight/contracts';
import { z } from 'zod';
import { dialCodeOf } from './country-codes';
import { toWirePhone } from './phone';

const fields = registerRequestSchema.shape;

/** Digits with optional spaces, dashes and brackets; 4 to 15 digits. */
const isLocalPhone = (v: string) => /^[0-9 ()-]+$/.test(v) && v.replace(/\D/g, '').length >= 4 && v.replace(/\D/g, '').length <= 15;

/**
 * The signup form: the register contract's fields, with the phone split into a country and a local number
 * (the wire phone is put together on submit).
 */
export const signupFormSchema = z
  .object({
    companyName: fields.companyName,
    email: fields.email,
    country: z.string({ error: 'Country code is required' }).min(1, 'Country code is required'),
    // No `abort` here: an aborted field would hide the passwords check below.
    phone: z
      .string({ error: 'Phone is required' })
      .trim()
      .min(1, 'Phone is required')
      .refine((v) => v === '' || isLocalPhone(v), 'Please enter a valid phone number'),
    password: fields.password,
    confirmPassword: fields.confirmPassword,
  })
  // `when`: say so even while other fields are still wrong, as long as both passwords were typed.
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown };
      return typeof v?.password === 'string' && v.password !== '' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });

export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** The POST /auth/register body for the form's values. */
export function toRegisterRequest(v: SignupFormValues): RegisterRequest {
  return {
    companyName: v.companyName,
    email: v.email,
    phone: toWirePhone(dialCodeOf(v.country), v.phone),
    password: v.password,
    confirmPassword: v.confirmPassword,
  };
}
