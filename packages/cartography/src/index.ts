/**
 * Map pictures drawn from data: every area is the set of Voronoi cells of its anchor points (longitude,
 * latitude), land cells clipped to the real coastlines of Natural Earth (world-atlas, public domain) and sea
 * cells to the water. Pure: it returns SVG text, for reports, email (the CLI turns it into PNG) and the web.
 *
 * What a picture shows (picture.ts), its sheets and their projections (projection.ts), the land (land.ts), the
 * cells of the areas and where a marker on a border goes (cells.ts), and the SVG writer (svg.ts).
 */

export type { AreaSymbol, LegendItem, LinkDirection, LinkStyle, LonLat, MapArea, MapLink, MapPicture } from './picture.js';
export { EUROPE_SHEET, FRONTS_SHEET, sheetProjection, WORLD_SHEET, type Sheet } from './projection.js';
export { areaAt } from './cells.js';
export { renderMapSvg, type RenderOptions } from './svg.js';
export {
  renderHexSvg,
  tokenWidth,
  type HexCounter,
  type HexLine,
  type HexPicture,
  type HexPlace,
  type HexShape,
  type HexToken,
  type Point,
} from './hex-svg.js';
