declare module 'd3-geo-voronoi' {
  import type { FeatureCollection } from 'geojson';
  export function geoVoronoi(points: readonly (readonly [number, number])[] | [number, number][]): {
    polygons(): FeatureCollection;
  };
}
