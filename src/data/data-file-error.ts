/**
 * A data file the build cannot use (a submission, suite, result or report): its message names the file and field.
 * Astro prints the stack of an error that has one under the message ("Location", "Stack trace" into this loader),
 * which says nothing about the file and reads as a crash; this error has none, so the build shows the message alone.
 */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
    this.stack = '';
  }
}
