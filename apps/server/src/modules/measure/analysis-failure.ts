/**
 * Why an analysis failed, in words a user can act on, from the stored error code. Raw engine messages and
 * internal details never reach the client; `retryable` says whether running it again can help (our failure)
 * or the input must change (a page or setting the engine cannot measure).
 */
export interface FailureReason { message: string; retryable: boolean }

const REASONS: Record<string, FailureReason> = {
  no_vector_drawing: {
    message: 'This page has no drawing to measure: it is blank. Please create the project from the page that holds the plan.',
    retryable: false,
  },
  unreadable_scan: {
    message: 'This scanned page could not be measured: it is blank, not a floor plan, or its resolution is too low at the chosen scale. Please upload a clearer scan (at least 150 dpi) or a PDF exported from CAD.',
    retryable: false,
  },
  page_out_of_range: { message: 'The chosen page is not in this PDF any more. Please create the project again with the right page.', retryable: false },
  not_pdf: { message: 'The stored file is not a readable PDF. Please create the project again from the original PDF.', retryable: false },
  corrupt: { message: 'The PDF could not be read; the file might be corrupted. Please create the project again from the original PDF.', retryable: false },
  encrypted: { message: 'This PDF is password protected. Please remove the password and upload it again.', retryable: false },
  too_complex: { message: 'This PDF is too complex to process. Please upload a simpler PDF, for example only the page with the plan.', retryable: false },
  bad_options: { message: 'The ceiling height or scale cannot be used for this plan. Please change the height or scale and try again.', retryable: false },
};

const OURS: FailureReason = {
  message: 'Something went wrong on our side while measuring this plan. Please try again; if it keeps failing, report the issue.',
  retryable: true,
};

/** Said after our own failure once the project's plan went back to the account (never for a file's fault). */
export const PLAN_GIVEN_BACK = 'The plan this project used has been given back to your account.';

/**
 * The reason for a stored error code; `planRefunded` (the project's plan was given back) adds that to a
 * failure of ours, so the user knows the failed analysis cost nothing.
 */
export function failureReason(code: string | null | undefined, planRefunded = false): FailureReason {
  const reason = (code && REASONS[code]) || OURS;
  return reason.retryable && planRefunded ? { ...reason, message: `${reason.message} ${PLAN_GIVEN_BACK}` } : reason;
}
