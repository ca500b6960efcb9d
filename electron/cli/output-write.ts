/**
 * A command's result written to stdout, and knowing that it arrived. write() returning is no proof:
 * a pipe takes the text later, or never (`digest | mail` with a mailer that exited). Only the
 * write's callback says the OS took it, or why not (EPIPE: the reader is gone).
 */
import type { ProgressOutput } from './progress';

/** stdout as the commands use it: process.stdout, or a test's stream. */
export interface CliOutput extends ProgressOutput {
  write(text: string, done?: (error?: Error | null) => void): unknown;
  on?(event: 'error', listener: (error: Error) => void): unknown;
  off?(event: 'error', listener: (error: Error) => void): unknown;
}

/** Resolves once the output took all of `text`; rejects with the stream's error when it did not. */
export function writeOutput(out: CliOutput, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A failed write is also an 'error' event on the stream, emitted after the callback: unheard,
    // it would end the process with a stack trace instead of the command's own line and exit code.
    // So the listener stays once a write failed; the callback reports the failure.
    const heard = (): void => undefined;
    out.on?.('error', heard);
    out.write(text, (error) => {
      if (error) {
        reject(error);
        return;
      }
      out.off?.('error', heard);
      resolve();
    });
  });
}

/** The reader of the output went away (a closed pipe, or a stream already ended by one). */
export function outputClosed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}
