import { z } from './zod.js';

/**
 * The creator of a venue or act. Everyone gets the name; only admins get e-mail and roles
 * (spec 6: "See creator name, email, roles on cards" is admin-only).
 */
export const CreatorSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  roles: z.array(z.enum(['admin', 'host', 'performer'])).optional(),
});
export type Creator = z.infer<typeof CreatorSchema>;
