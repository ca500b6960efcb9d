import type { InvokeArgs, InvokeChannel, InvokeResults } from './contract';

/** One function per invoke channel, taking the parsed arguments (no Electron types: services implement it). */
export type Handlers = {
  [C in InvokeChannel]: (...args: InvokeArgs<C>) => Promise<InvokeResults[C]>;
};
