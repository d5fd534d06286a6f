import { z } from './zod.js';
import { ActSchema } from './acts.js';
import { VenueSchema } from './venues.js';

/** GET /v1/auth/user/{id}/resources: a user's public name and what they created; no e-mail. */
export const UserResourcesSchema = z.object({
  name: z.string(),
  venues: z.array(VenueSchema),
  acts: z.array(ActSchema),
});
export type UserResources = z.infer<typeof UserResourcesSchema>;
