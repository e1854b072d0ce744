/**
 * What a map picture shows, as a ruleset describes it: areas with their anchor points (longitude, latitude), fill
 * and labels, the links drawn between areas, and the legend.
 */

export type LonLat = readonly [number, number];

export interface MapArea {
  readonly id: string;
  readonly name: string;
  readonly kind: 'land' | 'sea';
  readonly anchors: readonly LonLat[];
  /** Fill colour (owner's colour for land). */
  readonly fill: string;
  /** Short lines of text drawn at the area's label point (unit counts...). */
  readonly badges?: readonly { readonly text: string; readonly color: string }[];
  /** Symbols drawn before the name: capital star, industry, port, city. */
  readonly symbols?: readonly ('capital' | 'industry' | 'port' | 'city' | 'battle')[];
  /** Hide the name label (small areas on the world sheet). */
  readonly quiet?: boolean;
}

export type AreaSymbol = NonNullable<MapArea['symbols']>[number];

/**
 * How a link is drawn. 'strait' and 'passage': a dashed line between the two areas' label points. 'trench' and
 * 'super-trench': a marker on the border between the two areas (a zigzag along it, doubled for the super
 * trench) with an arrow across it.
 */
export type LinkStyle = 'strait' | 'passage' | 'trench' | 'super-trench';

/** Which way a link's arrows point: 'a-to-b' one arrow, from a into b; 'both' one each way. */
export type LinkDirection = 'a-to-b' | 'both';

export interface MapLink {
  readonly a: string;
  readonly b: string;
  readonly style: LinkStyle;
  /** 'both' when left out. */
  readonly direction?: LinkDirection;
  /** Shown when the pointer rests on the link (SVG title). */
  readonly label?: string;
}

export interface LegendItem {
  readonly color: string;
  readonly label: string;
  /** An area symbol; without one (and without a link), a swatch of the colour. */
  readonly symbol?: AreaSymbol;
  /** A small sample of a link, drawn as on the map. */
  readonly link?: { readonly style: LinkStyle; readonly direction?: LinkDirection };
}

export interface MapPicture {
  readonly title: string;
  readonly subtitle?: string;
  readonly areas: readonly MapArea[];
  readonly links?: readonly MapLink[];
  readonly legend: readonly LegendItem[];
}
