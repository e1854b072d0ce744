import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface MapViewProps {
  /** The map as SVG text (from the ruleset's stateMapSvg); its areas carry data-area="<id>". */
  readonly svg: string;
  /** Names shown when the pointer rests on an area: id to "Name (owner)". */
  readonly titles?: ReadonlyMap<string, string>;
  readonly selected?: string | undefined;
  readonly onSelect?: (area: string) => void;
  readonly label: string;
  /** Where the map opens: a point of the drawing (fractions of its width and height) and a zoom over the fitted width. */
  readonly focus?: { readonly x: number; readonly y: number; readonly zoom: number };
  /** An area to bring to the middle of the frame (chosen from the list); a new object each time it is asked. */
  readonly centreOn?: { readonly area: string } | undefined;
  /** Areas to mark with a hatching (a nation's lands): ownership told by a pattern, not only by colour. */
  readonly marked?: readonly string[];
  /** Areas to outline as the places an order may go (a move's legal destinations): a dotted outline and dots. */
  readonly targets?: readonly string[] | undefined;
  /** Areas to shade with a cross-hatching while an order is planned (the enemy zones of control), with what they are. */
  readonly shaded?: { readonly label: string; readonly areas: readonly string[] } | undefined;
  /** The place an order being planned goes to (the hex clicked for a move, the hex attacked): outlined in blue. */
  readonly picked?: string | undefined;
}

interface View {
  readonly x: number;
  readonly y: number;
  readonly k: number;
}

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 12;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A copy of an area's shape (a path or a hex's polygon) with a class and no title, not an area itself. */
function shapeCopy(area: SVGElement, className: string): SVGElement {
  const mark = document.createElementNS(SVG_NS, area.tagName);
  for (const name of ['d', 'points']) {
    const value = area.getAttribute(name);
    if (value !== null) mark.setAttribute(name, value);
  }
  mark.setAttribute('class', className);
  return mark;
}

/** A copy of an area's outline with a class (and a fill), drawn over the area, in its own group. */
function overlay(path: SVGElement, className: string, fill?: string): void {
  const mark = shapeCopy(path, className);
  if (fill) mark.setAttribute('fill', fill);
  path.parentNode?.appendChild(mark);
}

/**
 * An area's outline drawn above its map sheet, outside the coast's clipping: a wide light line with a dark dashed one on
 * it (classes `light` and `dark` after `className`), which shows on every owner's colour.
 */
function outlineOnSheet(path: SVGElement, className: string): void {
  const sheet = path.closest('g[transform]') ?? path.ownerSVGElement;
  for (const kind of ['light', 'dark']) sheet?.appendChild(shapeCopy(path, `${className} ${kind}`));
}

/** The area under a point of the drawing: a shape's `data-area`, or the `data-at` of a counter standing in it. */
const areaAt = (target: EventTarget | null): string | undefined => {
  const el = target as Element | null;
  return el?.closest?.('[data-area]')?.getAttribute('data-area') ?? el?.closest?.('[data-at]')?.getAttribute('data-at') ?? undefined;
};

/** A fill pattern in the map's defs, added once. */
function ensurePattern(svgEl: SVGSVGElement, id: string, html: string): void {
  if (svgEl.querySelector(`#${id}`)) return;
  const defs = document.createElementNS(SVG_NS, 'defs');
  defs.innerHTML = html;
  svgEl.insertBefore(defs, svgEl.firstChild);
}

/**
 * The map, panned and zoomed: the mouse wheel zooms where the pointer is, dragging pans, the buttons and the keys
 * (arrows pan, + and - zoom, 0 resets) do the same from the keyboard. A click on an area selects it.
 */
export function MapView({ svg, titles, selected, onSelect, label, focus, centreOn, marked, targets, shaded, picked }: MapViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number; vx: number; vy: number; moved: boolean } | undefined>(undefined);
  // The area under the pointer, told in words under the map (its title: a hex's id, terrain, holder and units).
  const [hover, setHover] = useState<string>();

  /** Fit the map's width to the frame. */
  const reset = useCallback(() => {
    const svgEl = drawing.current?.querySelector('svg');
    const width = frame.current?.clientWidth ?? 0;
    const natural = Number(svgEl?.getAttribute('width') ?? 0);
    setView({ x: 0, y: 0, k: width > 0 && natural > 0 ? width / natural : 1 });
  }, []);

  useLayoutEffect(() => {
    const el = drawing.current;
    if (!el) return;
    el.innerHTML = svg;
    // Every area tells its name when the pointer rests on it: the owner is written, not only coloured.
    if (titles) {
      for (const path of el.querySelectorAll<SVGElement>('[data-area]')) {
        const t = titles.get(path.getAttribute('data-area') ?? '');
        if (!t) continue;
        // The drawing's own title, if any, gives way to the board's (which says more).
        const title = path.querySelector(':scope > title') ?? path.appendChild(document.createElementNS(SVG_NS, 'title'));
        title.textContent = t;
      }
    }
  }, [svg, titles]);

  // Open on the focus (Europe, readable) when there is one; else the whole sheet.
  useEffect(() => {
    const svgEl = drawing.current?.querySelector('svg');
    const box = frame.current?.getBoundingClientRect();
    const w = Number(svgEl?.getAttribute('width') ?? 0);
    const h = Number(svgEl?.getAttribute('height') ?? 0);
    if (!focus || !box || !box.width || !w) return reset();
    const k = clampZoom((box.width / w) * focus.zoom);
    setView({ k, x: box.width / 2 - focus.x * w * k, y: box.height / 2 - focus.y * h * k });
    // Only when the map is first shown: stepping through turns keeps the view.
  }, []);

  useLayoutEffect(() => {
    const el = drawing.current;
    if (!el) return;
    for (const old of el.querySelectorAll('.selected')) old.classList.remove('selected');
    for (const old of el.querySelectorAll('.selection-outline')) old.remove();
    if (!selected) return;
    for (const path of el.querySelectorAll<SVGElement>(`[data-area="${CSS.escape(selected)}"]`)) {
      path.classList.add('selected');
      outlineOnSheet(path, 'selection-outline');
    }
  }, [selected, svg]);

  useLayoutEffect(() => {
    const el = drawing.current;
    const svgEl = el?.querySelector('svg');
    if (!el || !svgEl) return;
    for (const old of el.querySelectorAll('.owner-mark')) old.remove();
    if (!marked?.length) return;
    ensurePattern(
      svgEl,
      'umpire-hatch',
      '<pattern id="umpire-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="rgba(255,255,255,0.2)"/><line x1="0" y1="0" x2="0" y2="8" stroke="rgba(0,0,0,0.6)" stroke-width="2"/></pattern>',
    );
    for (const id of marked) {
      for (const path of el.querySelectorAll<SVGElement>(`[data-area="${CSS.escape(id)}"]`)) overlay(path, 'owner-mark', 'url(#umpire-hatch)');
    }
  }, [marked, svg]);

  useLayoutEffect(() => {
    const el = drawing.current;
    const svgEl = el?.querySelector('svg');
    if (!el || !svgEl) return;
    for (const old of el.querySelectorAll('.target-mark')) old.remove();
    for (const old of el.querySelectorAll('.target')) old.classList.remove('target');
    if (!targets?.length) return;
    ensurePattern(svgEl, 'umpire-dots', '<pattern id="umpire-dots" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="rgba(255,255,255,0.35)"/><circle cx="5" cy="5" r="2" fill="#000"/></pattern>');
    // A destination is dotted and outlined (white under black dots): it reads on every owner's colour and without colour.
    for (const id of targets) {
      for (const path of el.querySelectorAll<SVGElement>(`[data-area="${CSS.escape(id)}"]`)) {
        path.classList.add('target');
        overlay(path, 'target-mark dots', 'url(#umpire-dots)');
        outlineOnSheet(path, 'target-mark');
      }
    }
  }, [targets, svg]);

  useLayoutEffect(() => {
    const el = drawing.current;
    if (!el) return;
    for (const old of el.querySelectorAll('.picked-outline')) old.remove();
    if (!picked) return;
    for (const path of el.querySelectorAll<SVGElement>(`[data-area="${CSS.escape(picked)}"]`)) outlineOnSheet(path, 'picked-outline');
  }, [picked, svg, targets]);

  useLayoutEffect(() => {
    const el = drawing.current;
    const svgEl = el?.querySelector('svg');
    if (!el || !svgEl) return;
    for (const old of el.querySelectorAll('.shade-mark')) old.remove();
    if (!shaded?.areas.length) return;
    ensurePattern(
      svgEl,
      'umpire-shade',
      '<pattern id="umpire-shade" width="7" height="7" patternUnits="userSpaceOnUse">' +
        '<path d="M0,0 L7,7 M7,0 L0,7" stroke="#b0172a" stroke-width="1.1" stroke-opacity="0.75"/></pattern>',
    );
    // Cross-hatched in a dark red: seen on every terrain, and told from the dotted destinations without colour.
    for (const id of shaded.areas) {
      for (const path of el.querySelectorAll<SVGElement>(`[data-area="${CSS.escape(id)}"]`))
        overlay(path, 'shade-mark', 'url(#umpire-shade)');
    }
  }, [shaded, svg]);

  useEffect(() => {
    const el = centreOn && drawing.current?.querySelector(`[data-area="${CSS.escape(centreOn.area)}"]`);
    const box = frame.current?.getBoundingClientRect();
    if (!el || !box) return;
    const r = el.getBoundingClientRect();
    pan(box.left + box.width / 2 - (r.left + r.width / 2), box.top + box.height / 2 - (r.top + r.height / 2));
    // A small area is also brought close enough to read.
    if (Math.max(r.width, r.height) < 80) zoomAt(Math.min(3, 80 / Math.max(r.width, r.height, 1)), box.width / 2, box.height / 2);
  }, [centreOn]);

  const zoomAt = (factor: number, cx: number, cy: number) =>
    setView((v) => {
      const k = clampZoom(v.k * factor);
      const f = k / v.k;
      return { k, x: cx - (cx - v.x) * f, y: cy - (cy - v.y) * f };
    });
  const zoomCentre = (factor: number) => {
    const r = frame.current?.getBoundingClientRect();
    zoomAt(factor, (r?.width ?? 0) / 2, (r?.height ?? 0) / 2);
  };
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  // The wheel zooms the map and never scrolls the page. React listens to the wheel passively, where preventDefault is
  // refused (and the browser logs it on every step): the map's own listener is not passive.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX - r.left, e.clientY - r.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || (e.buttons & 1) === 0) {
      setHover(areaAt(e.target));
      return;
    }
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    if (!d.moved) e.currentTarget.setPointerCapture?.(e.pointerId);
    d.moved = true;
    setView((v) => ({ ...v, x: d.vx + dx, y: d.vy + dy }));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = undefined;
    if (d?.moved) return;
    const area = areaAt(e.target);
    if (area) onSelect?.(area);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = 80;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(step, 0),
      ArrowRight: () => pan(-step, 0),
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
      '+': () => zoomCentre(1.25),
      '=': () => zoomCentre(1.25),
      '-': () => zoomCentre(1 / 1.25),
      '0': reset,
    };
    const act = keys[e.key];
    if (act) {
      e.preventDefault();
      act();
    }
  };

  return (
    <div className="map-view">
      <div className="map-tools" role="toolbar" aria-label="Map zoom">
        <button type="button" onClick={() => zoomCentre(1.25)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomCentre(1 / 1.25)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={reset}>
          Fit
        </button>
        <span className="hint">Drag to pan, wheel to zoom; with the map focused: arrows, + and −, 0 to fit.</span>
      </div>
      <div
        ref={frame}
        className="map-frame"
        tabIndex={0}
        role="application"
        aria-label={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => setHover(undefined)}
        onKeyDown={onKeyDown}
      >
        <div ref={drawing} className="map-drawing" data-testid="map" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})` }} />
        {hover && titles?.get(hover) && (
          <output className="map-hover" data-testid="map-hover">
            {titles.get(hover)}
          </output>
        )}
      </div>
      {shaded && shaded.areas.length > 0 && (
        <p className="map-legend" data-testid="map-shades">
          <svg width="14" height="14" aria-hidden="true">
            <rect width="14" height="14" fill="#fff" stroke="#333" />
            <path d="M0,0 L14,14 M14,0 L0,14 M7,0 L14,7 M0,7 L7,14 M7,0 L0,7 M14,7 L7,14" stroke="#b0172a" strokeWidth="1.1" />
          </svg>{' '}
          Cross-hatched: {shaded.label}.
        </p>
      )}
    </div>
  );
}
