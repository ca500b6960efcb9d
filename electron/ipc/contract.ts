/**
 * THE contract between the window and the main process, as types: derived from common's channel
 * table (what each channel resolves with) and ipc/schemas.ts (what it takes). No Electron import,
 * no run-time code; the renderer imports it with `import type` only. No token or secret type ever
 * appears here.
 */
import type { z } from 'zod';
import type { Carries, EventChannel, InvokeChannel, InvokeTable, Namespace, PerResource, eventTable } from '../common/channels';
import type { Result } from '../common/errors';
import type { ResourceId } from '../common/resources';
import type { invokeSchemas } from './schemas';

export type * from '../common/companies';
export type * from '../common/errors';
export type * from '../common/export';
export type * from '../common/invoices';
export type * from '../common/list-primitives';
export type * from '../common/settings';
export type * from '../common/supplier-invoices';
export type * from '../common/sync';
export type { EventChannel, InvokeChannel } from '../common/channels';

type Carried<E> = E extends Carries<infer T> ? T : never;
type EntryOf<C extends InvokeChannel> = C extends `${infer N extends Namespace}:${infer M}` ? (M extends keyof InvokeTable[N] ? InvokeTable[N][M] : never) : never;
type ResultOf<C extends InvokeChannel> = Carried<EntryOf<C>>;

/** The arguments of a channel, as the window passes them (parsed by its schema in the main process). */
export type InvokeArgs<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>;

/** What each invoke channel resolves with (inside the Result envelope). */
export type InvokeResults = { [C in InvokeChannel]: ResultOf<C> };

export type EventPayloads = { [E in EventChannel]: Carried<(typeof eventTable)[E]> };

export type Unsubscribe = () => void;

type Overloads<U> = (U extends unknown ? (overload: U) => void : never) extends (overload: infer I) => void ? I : never;
/** A channel taking a list's id first resolves with that list's own result: one overload per list. */
type Method<C extends InvokeChannel> =
  EntryOf<C> extends PerResource<infer T>
    ? Overloads<{ [R in ResourceId]: (...args: Extract<InvokeArgs<C>, [R, ...unknown[]]>) => Promise<Result<NonNullable<T>[R]>> }[ResourceId]>
    : (...args: InvokeArgs<C>) => Promise<Result<InvokeResults[C]>>;

/** The object on window.invoiceDesk: one method per table entry, and the event subscription. */
export type InvoiceDeskApi = {
  [N in Namespace]: { [M in keyof InvokeTable[N] & string]: Method<`${N}:${M}` & InvokeChannel> };
} & {
  events: {
    /** Listen to one of the table's event channels; any other name is refused. */
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayloads[E]) => void): Unsubscribe;
  };
};

/** One function per invoke channel, taking the parsed arguments (no Electron types: services implement it). */
export type Handlers = {
  [C in InvokeChannel]: (...args: InvokeArgs<C>) => Promise<InvokeResults[C]>;
};

/** The handlers of some namespaces: each feature implements its own and app-services joins them. */
export type HandlersOf<N extends Namespace> = Pick<Handlers, Extract<InvokeChannel, `${N}:${string}`>>;
