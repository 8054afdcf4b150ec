/**
 * The name under which the engine keeps a project's page as its scale reading read it, for the analysis asked
 * for next (engine `WorkerOptions.hold`): the stored PDF's key and the page. The name only sends the analysis to
 * the engine worker that kept the page; the worker compares the bytes before it uses what it kept.
 */
export const heldPageName = (pdfKey: string, pageNo: number): string => `${pdfKey}#${pageNo}`;
