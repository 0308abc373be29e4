import '../common/zod-messages';
import { z } from 'zod';
import { TEXT_MAX } from '../common/text';
import { PLACE_KINDS } from './place-search';

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

/** `GET /api/search?q=&limit=`: the map's place search box. */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(TEXT_MAX),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const PlaceSchema = z
  .object({
    kind: z.enum(PLACE_KINDS),
    name: z.string(),
    lat: z.number(),
    lng: z.number(),
    /** [minLng, minLat, maxLng, maxLat] of an area (a commune), for the map to zoom to. */
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  })
  .meta({ id: 'Place' });

export const SearchResponseSchema = z.object({ items: z.array(PlaceSchema) }).meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
