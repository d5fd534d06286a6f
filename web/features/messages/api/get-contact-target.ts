import { useQuery } from '@tanstack/react-query';
import type { Act } from '../../../../contract/acts';
import type { Venue } from '../../../../contract/venues';
import { apiGet } from '../../../lib/api-client';
import type { EntityType } from './get-comments';

/** What the contact screens need of a venue or an act: its name as people know it, and its owner. */
export interface ContactTarget {
  type: EntityType;
  id: number;
  /** The venue's address or the act's name. */
  name: string;
  creatorId: number;
}

/** GET /v1/venues/{id} or GET /v1/acts/{id}, reduced to a ContactTarget. */
export async function getContactTarget(type: EntityType, id: number, signal?: AbortSignal): Promise<ContactTarget> {
  if (type === 'venue') {
    const venue = await apiGet<Venue>(`/v1/venues/${id}`, { signal });
    return { type, id, name: venue.address, creatorId: venue.creator_id };
  }
  const act = await apiGet<Act>(`/v1/acts/${id}`, { signal });
  return { type, id, name: act.name, creatorId: act.creator_id };
}

export function useContactTarget(type: EntityType, id: number | undefined) {
  return useQuery({
    queryKey: ['contact-target', type, id],
    queryFn: ({ signal }) => getContactTarget(type, id!, signal),
    enabled: id !== undefined,
  });
}
