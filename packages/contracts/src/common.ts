import { z } from 'zod';

/** The error body every API error answers with (see apps/server/src/errors.ts). */
export const apiErrorSchema = z.object({
  detail: z.union([z.string(), z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string().optional() }))]),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
