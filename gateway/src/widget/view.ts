import type { Translator } from './i18n.ts';
import type { MessageKey } from './locales/index.ts';

type Child = Node | string;

/** Tiny DOM builder: no framework, no innerHTML (nothing user-controlled is ever parsed as HTML). */
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

export function button(label: string, onClick: () => void, variant: 'primary' | 'secondary' = 'primary', id?: string): HTMLButtonElement {
  const b = h('button', { type: 'button', class: `btn ${variant}`, ...(id ? { id } : {}) }, label) as HTMLButtonElement;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * The page frame: one heading per step (focused on change so screen readers and keyboard users
 * start at the top of the new step), the step content, and a polite live region for guidance
 * and progress (WCAG 4.1.3).
 */
export class View {
  private readonly root: HTMLElement;
  private readonly live: HTMLElement;
  private lastAnnounced = '';
  tr: Translator;

  constructor(root: HTMLElement, tr: Translator) {
    this.root = root;
    this.tr = tr;
    this.live = h('p', { id: 'live', class: 'live', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  }

  setTranslator(tr: Translator): void {
    this.tr = tr;
    document.documentElement.lang = tr.locale;
    document.documentElement.dir = tr.dir;
    document.title = tr.t('title');
  }

  show(step: string, heading: MessageKey, ...content: Child[]): void {
    const title = h('h1', { tabindex: '-1', id: 'step-heading' }, this.tr.t(heading));
    this.root.replaceChildren(title, ...content, this.live);
    this.root.dataset.step = step;
    this.lastAnnounced = '';
    this.live.textContent = '';
    title.focus();
  }

  /** Announces only changes, so a repeated hint is not read out on every frame. */
  announce(key: MessageKey, vars?: Record<string, string | number>): void {
    const text = this.tr.t(key, vars);
    if (text === this.lastAnnounced) return;
    this.lastAnnounced = text;
    this.live.textContent = text;
  }

  text(key: MessageKey): HTMLElement {
    return h('p', {}, this.tr.t(key));
  }
}
