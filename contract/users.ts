import { z } from './zod.js';

/**
 * The creator of a venue or act. Everyone gets the name; only admins get e-mail and roles
 * (seeing the creator's e-mail and roles on cards is admin-only,
 * docs/behaviour.md#roles-and-permissions).
 */
export const CreatorSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  roles: z.array(z.enum(['admin', 'host', 'performer'])).optional(),
});
export type Creator = z.infer<typeof CreatorSchema>;
