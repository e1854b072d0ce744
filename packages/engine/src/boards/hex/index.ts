// The hex board kit: ids and coordinates, hexsides, the board as data, and the searches a hex-and-counter ruleset
// prices with its own costs and blocking rules. docs/engine/hex-board.md describes it.
export {
  axialToOffset,
  formatHexId,
  hexGeometry,
  offsetToAxial,
  parseHexId,
  type HexAddress,
  type HexGeometry,
  type HexLayout,
  type HexOffsetParity,
  type HexOrientation,
  type HexPoint,
} from './coordinates.js';
export { hexsideEnds, hexsideKey } from './hexsides.js';
export {
  hexBoardSchema,
  hexFeaturesSchema,
  hexLinkSchema,
  hexMapSchema,
  hexSchema,
  hexsideSchema,
  type HexBoardData,
  type HexData,
  type HexFeatures,
  type HexLinkData,
  type HexMapData,
  type HexsideData,
} from './schema.js';
export { type HexBoard, type HexCell, type HexCrossing, type HexMap, type HexStep } from './board.js';
export { loadHexBoard } from './load.js';
export {
  cheapestHexPath,
  hexSteps,
  movementRange,
  type HexReach,
  type HexSteps,
  type MovementRules,
  type MovementTables,
} from './movement.js';
export { zoneOfControl, type ZoneRules } from './control.js';
export { boardDistance, hexesWithin, traceHexPath, type TraceRules } from './trace.js';
export { gridDistance, hexBeyond, hexLineBetween } from './lines.js';
export { hexAreaMap, OPEN_HEXSIDE } from './areas.js';
