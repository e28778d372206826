/**
 * Renderer entry: connects to the main process (preload bridge or browser-mode server, see
 * lib/api.ts) and mounts the Svelte app. Renderer layer: DOM, no Node.
 */
import './app.css';
import './styles/panels.css';
import { mount } from 'svelte';
import App from './App.svelte';
import { connect } from './lib/api.js';
import { Workbench } from './lib/stores/workbench.js';

const target = document.getElementById('app')!;
let app: Workbench | null = null;
let failure: string | null = null;
try {
  const { api, transport } = connect();
  app = new Workbench(api, transport);
} catch (e) {
  failure = (e as Error).message;
}

mount(App, { target, props: { app, failure } });
