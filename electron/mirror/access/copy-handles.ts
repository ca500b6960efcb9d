/**
 * Each company's copy as a handle that opens the database when it is used and closes it when it
 * has been idle a while: a firm's 300 companies keep only what the sidebar shows in
 * memory, and the copies of the few being synced or looked at open. A handle is a MirrorApi that
 * can be held for as long as the company is connected; every call goes through it, so a copy is
 * never closed under a call, and a call after the close opens it again.
 */
import type { Clock } from '../../kernel/clock';
import { callMirror, mirrorApiOver, type MirrorApi, type MirrorMethod } from './mirror-api';

/** A copy unused this long is closed (its status stays in memory; the next use opens it again). */
export const COPY_IDLE_MS = 2 * 60_000;

interface Slot {
  /** The open copy (or its opening), null while closed. */
  open: Promise<MirrorApi> | null;
  /** Calls under way and holds (a sync between its calls): never closed under one. */
  busy: number;
  lastUsed: number;
  /** A close of the open copy under way: the next open waits for it (one connection per file). */
  closing: Promise<void> | null;
}

export interface CopyHandles {
  /** The company's handle (the same object each time until it is dropped). */
  handle(companyId: string): MirrorApi;
  /** Closes every copy unused for `idleMs` with no call under way. */
  sweep(): Promise<void>;
  /** Closes the company's copy now unless a call is under way (a background sync of a company nobody looks at has ended). */
  release(companyId: string): Promise<void>;
  /** Keeps the copy open until the returned function is called (a sync waiting on the network between its calls). */
  hold(companyId: string): () => void;
  /** Closes the company's copy now and forgets its handle, then runs `after` (disconnected: the files are deleted); a new handle's first open waits for both. */
  drop(companyId: string, after?: () => void): Promise<void>;
  /** Companies whose copy is open now. */
  openCount(): number;
  closeAll(): Promise<void>;
}

export function createCopyHandles(options: { open(companyId: string): MirrorApi; clock: Clock; idleMs?: number }): CopyHandles {
  const idleMs = options.idleMs ?? COPY_IDLE_MS;
  const slots = new Map<string, Slot>();
  /** `alive` false once dropped: a handle still held somewhere must not open (and so create) the file again. */
  const handles = new Map<string, { api: MirrorApi; alive: boolean }>();
  /** A dropped company's close and file removal: its next slot opens after them (a quick reconnect). */
  const removing = new Map<string, Promise<void>>();

  /** Closes the slot's copy; never rejects (a failed close leaves nothing to wait on). */
  async function closeSlot(slot: Slot): Promise<void> {
    const open = slot.open;
    // Already closing (a sweep, then a disconnect): the caller may delete the files once it is closed.
    if (!open) return void (await slot.closing);
    slot.open = null;
    const closing = open.then((mirror) => mirror.close()).catch(() => undefined);
    slot.closing = closing;
    await closing;
    if (slot.closing === closing) slot.closing = null;
  }

  function slotOf(companyId: string): Slot {
    let slot = slots.get(companyId);
    if (!slot) {
      slot = { open: null, busy: 0, lastUsed: options.clock.now(), closing: removing.get(companyId) ?? null };
      slots.set(companyId, slot);
    }
    return slot;
  }

  function opened(companyId: string, slot: Slot): Promise<MirrorApi> {
    if (!slot.open) {
      const after = (slot.closing ?? Promise.resolve()).catch(() => undefined);
      const open = after.then(() => options.open(companyId));
      // A copy that cannot be opened (a file of a newer app, a disk error) is tried again at its next use.
      open.catch(() => {
        if (slot.open === open) slot.open = null;
      });
      slot.open = open;
    }
    return slot.open;
  }

  return {
    handle(companyId) {
      let handle = handles.get(companyId);
      if (!handle) {
        const made = { api: undefined as unknown as MirrorApi, alive: true };
        const call = async (method: MirrorMethod, args: unknown[]): Promise<unknown> => {
          if (!made.alive) throw new Error('This company\'s local copy was removed.');
          const slot = slotOf(companyId);
          slot.busy += 1;
          try {
            const mirror = await opened(companyId, slot);
            return await callMirror(mirror, method, args);
          } finally {
            slot.busy -= 1;
            slot.lastUsed = options.clock.now();
          }
        };
        made.api = mirrorApiOver(call, async () => {
          const slot = slots.get(companyId);
          if (slot) await closeSlot(slot);
        });
        handles.set(companyId, made);
        handle = made;
      }
      return handle.api;
    },

    async sweep() {
      const now = options.clock.now();
      const idle = [...slots.values()].filter((slot) => slot.open && slot.busy === 0 && now - slot.lastUsed >= idleMs);
      await Promise.all(idle.map(closeSlot));
    },

    async release(companyId) {
      const slot = slots.get(companyId);
      if (slot?.open && slot.busy === 0) await closeSlot(slot);
    },

    hold(companyId) {
      const slot = slotOf(companyId);
      slot.busy += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        slot.busy -= 1;
        slot.lastUsed = options.clock.now();
      };
    },

    async drop(companyId, after) {
      const slot = slots.get(companyId);
      const handle = handles.get(companyId);
      if (handle) handle.alive = false;
      slots.delete(companyId);
      handles.delete(companyId);
      const done = (async () => {
        if (slot) await closeSlot(slot);
        after?.();
      })();
      const barrier = done.catch(() => undefined);
      removing.set(companyId, barrier);
      try {
        await done;
      } finally {
        if (removing.get(companyId) === barrier) removing.delete(companyId);
      }
    },

    openCount: () => [...slots.values()].filter((slot) => slot.open !== null).length,

    async closeAll() {
      const all = [...slots.values()];
      for (const handle of handles.values()) handle.alive = false;
      slots.clear();
      handles.clear();
      await Promise.all(all.map(closeSlot));
    },
  };
}
