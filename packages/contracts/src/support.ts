// Request and response schemas of the support module (shared by web and server).
import { z } from 'zod';

/** POST /auth/contact-us; limits from spec section 5. */
export const contactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().email('Please enter a valid email'),
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters long.').max(200),
  message: z.string().trim().min(10, 'Message must be at least 10 characters long.').max(5000),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** Limits of the issue report (spec sections 5 and 9); the dialog and the server enforce the same. */
export const REPORT_LIMITS = {
  descriptionMinChars: 10,
  descriptionMaxChars: 1000,
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  autoCloseMs: 2000,
} as const;

/** The spec's texts for the report dialog (section 5); `{name}` is the file's name. */
export const REPORT_MESSAGES = {
  descriptionTooShort: 'Description must be at least 10 characters long.',
  descriptionTooLong: 'Description must be at most 1000 characters long.',
  tooManyFiles: 'Maximum 5 files allowed. Please remove some files first.',
  fileTooLarge: (name: string) => `File ${name} is too large. Maximum size is 10MB.`,
  unsupportedFile: (name: string) => `File ${name} is not a supported format. Please use: JPG, PNG, GIF, WebP, PDF, or TXT.`,
  authRequired: 'Authentication required. Please log in again.',
  success: 'Thank you! Your issue report has been submitted successfully. Our team will review it shortly.',
  failure: 'Sorry, there was an error submitting your report. Please try again.',
} as const;

/** The attachment types the report accepts, by MIME type and extension. */
export const REPORT_FILE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
} as const;
export type ReportFileType = keyof typeof REPORT_FILE_TYPES;

export const reportSeveritySchema = z.enum(['low', 'medium', 'high', 'critical']);
export const reportCategorySchema = z.enum(['bug', 'feature', 'ui', 'performance', 'other']);

/** The text fields of POST /auth/report-issue (multipart); the files are checked separately. */
export const reportIssueFieldsSchema = z.object({
  title: z.string().trim().max(200).default('Report Issue by User').transform((t) => t || 'Report Issue by User'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(REPORT_LIMITS.descriptionMinChars, REPORT_MESSAGES.descriptionTooShort)
    .max(REPORT_LIMITS.descriptionMaxChars, REPORT_MESSAGES.descriptionTooLong),
  severity: reportSeveritySchema.default('medium'),
  category: reportCategorySchema.default('bug'),
});
export type ReportIssueFields = z.infer<typeof reportIssueFieldsSchema>;

export const reportIssueResponseSchema = z.object({
  id: z.string(),
  message: z.string(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size_bytes: z.number().int() })),
});
export type ReportIssueResponse = z.infer<typeof reportIssueResponseSchema>;

/** GET /support/contact-info: the configured support address (where contact messages and reports go). */
export interface ContactInfo { email: string }
