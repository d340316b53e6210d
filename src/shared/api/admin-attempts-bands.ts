import { z } from '../zod.js';

/** Bands by criterion as the lists, the detail and the review carry them. */
export const bandsRecord = z.record(z.string(), z.number().nullable());
