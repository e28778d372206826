/**
 * The preload bridge (SPEC §11, STYLE.md "its preload exposes one small object through
 * contextBridge… and never hands out ipcRenderer itself"): `window.sandtable` gets one
 * function per contract operation, each a call on the single invoke channel, and
 * `onEvent`. Runs sandboxed (contextIsolation and sandbox on): only `electron` may be
 * required here, so everything else is bundled in (electron.vite.config.ts builds CJS).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { AppEvent, CallReply } from '../../contract/contract.js';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../contract/contract.js';
import { createApi } from '../../contract/api.js';

const api = createApi({
  invoke: (name, args) => ipcRenderer.invoke(IPC_CALL_CHANNEL, name, args) as Promise<CallReply>,
  subscribe(listener) {
    // The renderer's listener never sees the IpcRendererEvent (it holds a sender reference).
    const wrapped = (_event: IpcRendererEvent, payload: AppEvent) => listener(payload);
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('sandtable', api);
