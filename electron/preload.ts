/**
 * The preload: exposes window.invoiceDesk, built from the contract by ipc/bridge. Nothing else.
 * It runs sandboxed, so it is bundled into one CommonJS file whose only require is 'electron'.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './ipc/bridge';

contextBridge.exposeInMainWorld('invoiceDesk', createBridge(ipcRenderer));
