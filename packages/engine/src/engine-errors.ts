/** Errors of engine calls that are about the server, not the file (kept light: servers import them without pdf.js). */

/** The call was cancelled through its AbortSignal; nothing went wrong with the input. */
export class EngineCancelledError extends Error {
  constructor() {
    super('engine call cancelled');
    this.name = 'EngineCancelledError';
  }
}

/** The server busy with other work's memory stopped this call; the same input may well pass a minute later. */
export class EngineBusyError extends Error {
  constructor() {
    super('the engine is short of memory; try again');
    this.name = 'EngineBusyError';
  }
}
