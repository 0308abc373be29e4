import '../common/zod-messages';
import { z } from 'zod';
import { TEXT_MAX } from '../common/text';

/** Texts of route planning (public-portal §2 map screen, §8 success toasts). */
export const ROUTE_TEXT = {
  /** Title of the route-save modal. */
  saveTitle: 'Lưu thông tin tuyến',
  /** Success toast of a saved route. */
  saved: 'Lưu dữ liệu thành công',
  nameRequired: 'Tên tuyến là trường bắt buộc',
  noRoute: 'Không tìm thấy đường đi giữa hai điểm trên mạng lưới đường',
  noEvacuationRoute: 'Không tìm thấy đường đi tới điểm sơ tán nào',
  noRoads: 'Chưa có dữ liệu đường giao thông để tìm đường',
  noEvacuationPoints: 'Chưa có dữ liệu điểm sơ tán',
  outside: 'Điểm nằm ngoài địa bàn của cổng',
  needTarget: "Cần điểm đến (to) hoặc nearest: 'evacuation'",
  oneTarget: 'Chỉ chọn một trong hai: điểm đến (to) hoặc nearest',
} as const;

/** The most positions a saved route may have (a district route has a few hundred). */
export const SAVED_ROUTE_MAX_POSITIONS = 10_000;

const lat = z.number().min(-90, 'Vĩ độ phải từ -90 đến 90').max(90, 'Vĩ độ phải từ -90 đến 90');
const lng = z.number().min(-180, 'Kinh độ phải từ -180 đến 180').max(180, 'Kinh độ phải từ -180 đến 180');

/** A point as the map gives it (Leaflet's LatLng). */
export const LatLngSchema = z.object({ lat, lng }).meta({ id: 'LatLng' });
export type LatLng = z.infer<typeof LatLngSchema>;

/** A GeoJSON LineString in WGS84, positions [longitude, latitude] (Leaflet's L.geoJSON draws it as is). */
export const LineStringSchema = z
  .object({
    type: z.literal('LineString'),
    coordinates: z
      .array(z.tuple([lng, lat]))
      .min(2)
      .max(SAVED_ROUTE_MAX_POSITIONS),
  })
  .meta({ id: 'LineString' });
export type LineString = z.infer<typeof LineStringSchema>;

/** `POST /api/route`: from a point to a point, or to the nearest evacuation point by road. */
export const RouteRequestSchema = z
  .object({
    from: LatLngSchema,
    to: LatLngSchema.optional(),
    nearest: z.enum(['evacuation']).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.to && !v.nearest) ctx.addIssue({ code: 'custom', path: ['to'], message: ROUTE_TEXT.needTarget });
    if (v.to && v.nearest) ctx.addIssue({ code: 'custom', path: ['nearest'], message: ROUTE_TEXT.oneTarget });
  })
  .meta({ id: 'RouteRequest' });
export type RouteRequest = z.infer<typeof RouteRequestSchema>;

export const RouteResponseSchema = z
  .object({
    /** The route along the roads, from where the start meets a road to where the end does. */
    geometry: LineStringSchema,
    /** Metres along the roads. */
    lengthM: z.number(),
    /** Straight-line metres from the start to the road and from the road to the end (drawn dashed). */
    startGapM: z.number(),
    endGapM: z.number(),
    /** The evacuation point chosen by `nearest`; null for a point-to-point route. */
    target: z.object({ name: z.string(), lat: z.number(), lng: z.number() }).nullable(),
    /** Who computed it: the built-in router over the roads layer, or the configured ROUTING_URL. */
    engine: z.enum(['built-in', 'external']),
  })
  .meta({ id: 'Route' });
export type RouteResponse = z.infer<typeof RouteResponseSchema>;

/** The route-save modal 'Lưu thông tin tuyến': a name and the line. The length is measured by the server. */
export const SavedRouteBodySchema = z
  .object({
    name: z
      .string({ error: (issue) => (issue.input == null ? ROUTE_TEXT.nameRequired : undefined) })
      .trim()
      .min(1, ROUTE_TEXT.nameRequired)
      .max(TEXT_MAX),
    geometry: LineStringSchema,
    /** Accepted for convenience (the route call's value) but ignored: the stored length is measured. */
    lengthM: z.number().min(0).optional(),
  })
  .meta({ id: 'SavedRouteBody' });
export type SavedRouteBody = z.input<typeof SavedRouteBodySchema>;

export const SavedRoutePropertiesSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lengthM: z.number(),
  createdAt: z.string(),
});

/** A saved route as a GeoJSON feature, so the map adds the list to the evacuation roads overlay as is. */
export const SavedRouteSchema = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    properties: SavedRoutePropertiesSchema,
    geometry: LineStringSchema,
  })
  .meta({ id: 'SavedRoute' });
export type SavedRoute = z.infer<typeof SavedRouteSchema>;

export const SavedRoutesSchema = z
  .object({ type: z.literal('FeatureCollection'), features: z.array(SavedRouteSchema) })
  .meta({ id: 'SavedRoutes' });
export type SavedRoutes = z.infer<typeof SavedRoutesSchema>;
