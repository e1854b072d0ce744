import { JSDOM } from 'jsdom';

/**
 * A browser document for component tests under node:test: jsdom's window, its document and the DOM classes as
 * globals, set up before React and Testing Library are loaded (import this module first).
 */
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/', pretendToBeVisual: true });
const g = globalThis as unknown as Record<string, unknown>;
const win = dom.window as unknown as Record<string, unknown>;
g['window'] = dom.window;
g['document'] = dom.window.document;
for (const name of Object.getOwnPropertyNames(dom.window)) {
  if (name in g || name.startsWith('_')) continue;
  try {
    g[name] = win[name];
  } catch {
    // a property jsdom does not let be read outside its window
  }
}
Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
g['IS_REACT_ACT_ENVIRONMENT'] = true;
g['CSS'] ??= { escape: (s: string) => s.replace(/["\\]/g, '\\$&') };

export { dom };
