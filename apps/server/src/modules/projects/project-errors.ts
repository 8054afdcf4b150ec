import { AppError, badRequest } from '../../errors.js';

/**
 * Every message an upload can answer with. The web client shows `detail` as is (spec section 8), so these
 * read as finished sentences; texts also named in spec section 5 are used verbatim.
 */
export const uploadErrors = {
  fileRequired: () => badRequest('Please select a PDF file.', 'file_required'),
  nameRequired: () => badRequest('Please enter a filename.', 'filename_required'),
  pageRequired: () => badRequest('Please enter a page number.', 'page_required'),
  pageNotPositive: () => badRequest('Page number must be a positive number.', 'page_invalid'),
  pageBeyondEnd: (pageNo: number, pageCount: number) =>
    badRequest(`Page ${pageNo} does not exist. This PDF has ${pageCount} pages.`, 'page_out_of_range'),
  malformed: () => badRequest('The upload was incomplete or malformed. Please try again.', 'malformed_upload'),
  empty: () => badRequest('The file is empty. Please select a valid PDF file.', 'empty_file'),
  notPdf: () => badRequest('Invalid PDF file. Please select a valid PDF document.', 'not_pdf'),
  corrupt: () => badRequest('Error reading PDF file. The file might be corrupted.', 'corrupt_pdf'),
  encrypted: () => badRequest('This PDF is password protected. Please remove the password and upload it again.', 'encrypted_pdf'),
  /** `engineMessage` is the engine's "This PDF is too complex to process (why)." */
  tooComplex: (engineMessage: string) =>
    new AppError(422, 'pdf_too_complex', `${engineMessage} Please upload a simpler PDF, for example only the page with the floor plan.`),
  /** The server's memory was taken by other work while this file was checked: nothing wrong with the file. */
  busy: () => new AppError(503, 'server_busy', 'The server is busy right now. Please try again in a minute. Nothing was charged.'),
  tooLarge: (maxMb: number) => new AppError(413, 'file_too_large', `File is too large. Maximum size is ${maxMb} MB.`),
  /**
   * Found before the plan is spent. Worded without 'plan', 'limit' and the like, which the client styles as a
   * plan-limit error (spec section 5).
   */
  blankPage: (pageNo: number) => badRequest(`Page ${pageNo} is blank: it has no drawing to measure. Please choose the page that holds the floor drawing. Nothing was charged.`, 'blank_page'),
  /** Contains 'plan', 'remaining' and 'upgrade', so the client styles it as a plan error (spec section 5). */
  planLimit: () => new AppError(403, 'plan_limit', 'No remaining plans (0 left). Please upgrade your plan.'),
};
