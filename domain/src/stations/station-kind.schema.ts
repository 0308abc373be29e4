import '../common/zod-messages';
import { z } from 'zod';
import type { StationKind } from './classify';

/**
 * 'rain' or 'water', on its own: the alerts and open-data schemas need it, and importing it from
 * stations.schemas would build every station schema in the app shell at start-up.
 */
export const StationKindSchema = z.enum(['rain', 'water'] satisfies StationKind[]);
